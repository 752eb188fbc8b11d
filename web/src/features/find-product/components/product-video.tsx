import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_AUTOPLAY_DELAY_MS, videoErrorKey } from '../lib/video';

/**
 * The supplier's video in the detail page's main frame: the poster (the first image) shows
 * first, and the video starts muted `VIDEO_AUTOPLAY_DELAY_MS` after it is shown (spec). A video
 * that fails says why, in the reader's language, from its MediaError code.
 */
export function ProductVideo({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    setFailed(null);
    const timer = window.setTimeout(() => {
      const video = ref.current;
      if (!video || video.error) return;
      video.muted = true;
      // A browser that refuses to play (a policy, a failed load) leaves the poster and controls.
      void video.play()?.catch(() => undefined);
    }, VIDEO_AUTOPLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [src]);

  return (
    <Box position="relative" w="full" h="full" data-testid="detail-video-frame">
      <video
        ref={ref}
        src={src}
        poster={poster}
        muted
        loop
        playsInline
        controls
        preload="metadata"
        aria-label={t('findProduct.video.label', { title })}
        data-testid="detail-video"
        onError={(e) => setFailed(t(videoErrorKey(e.currentTarget.error?.code)))}
        style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }}
      />
      {failed ? (
        <Text
          role="alert"
          position="absolute"
          insetX="0"
          bottom="0"
          p="3"
          fontSize="sm"
          bg="red.subtle"
          color="red.fg"
          data-testid="detail-video-error"
        >
          {failed}
        </Text>
      ) : null}
    </Box>
  );
}

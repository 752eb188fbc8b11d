import { createIcon } from '@chakra-ui/react';

/** Small stroke icon set (24x24, currentColor) so the shell needs no icon package. */
function strokeIcon(displayName: string, d: string) {
  return createIcon({
    displayName,
    viewBox: '0 0 24 24',
    // Outline by default; `--icon-fill: currentColor` (see `filled`) fills the shape.
    path: <path d={d} fill="var(--icon-fill, none)" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />,
    // Sized to the surrounding text unless told otherwise (menu items do not constrain svgs).
    defaultProps: { boxSize: '1.15em', flexShrink: 0 },
  });
}

/** Style that fills an outline icon (a solid star or heart). */
export const filled = { '--icon-fill': 'currentColor' } as const;

export const HomeIcon = strokeIcon('HomeIcon', 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z');
export const SearchIcon = strokeIcon('SearchIcon', 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm10 3-5-5');
export const ShirtIcon = strokeIcon('ShirtIcon', 'M8 3 3 6l2 5 2-1v11h10V10l2 1 2-5-5-3a4 4 0 0 1-8 0z');
export const ImportIcon = strokeIcon('ImportIcon', 'M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3');
export const BoxIcon = strokeIcon('BoxIcon', 'M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8');
export const CartIcon = strokeIcon('CartIcon', 'M3 4h2l2.4 11h11L21 7H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01');
export const SettingsIcon = strokeIcon(
  'SettingsIcon',
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.4 7.4 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.4 7.4 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z',
);
export const UsersIcon = strokeIcon(
  'UsersIcon',
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
);
export const HelpIcon = strokeIcon(
  'HelpIcon',
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm-3-13a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V14m0 3v.01',
);
export const PlugIcon = strokeIcon('PlugIcon', 'M9 2v6m6-6v6M6 8h12v4a6 6 0 0 1-12 0zm6 10v4');
export const BellIcon = strokeIcon('BellIcon', 'M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0');
export const GlobeIcon = strokeIcon(
  'GlobeIcon',
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z',
);
export const ChevronDownIcon = strokeIcon('ChevronDownIcon', 'm6 9 6 6 6-6');
export const ExternalIcon = strokeIcon('ExternalIcon', 'M14 3h7v7m0-7L10 14M19 14v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h6');
export const LogoutIcon = strokeIcon('LogoutIcon', 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4m7 14 5-5-5-5m5 5H9');
export const CardIcon = strokeIcon('CardIcon', 'M2 7a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2zm0 3h20');
export const StoreIcon = strokeIcon('StoreIcon', 'M3 9l1.5-5h15L21 9M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v8h14v-8');
export const RocketIcon = strokeIcon(
  'RocketIcon',
  'M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2m-1-5a22 22 0 0 1 12-10c0 5-3 9.5-10 12.5zm0 0-3-1 2-4h4m-1 8 1 3 4-2v-4',
);
export const GaugeIcon = strokeIcon('GaugeIcon', 'M12 14l4-4M3.3 19a10 10 0 1 1 17.4 0z');
export const CheckIcon = strokeIcon('CheckIcon', 'M20 6 9 17l-5-5');
export const CloseIcon = strokeIcon('CloseIcon', 'M18 6 6 18M6 6l12 12');
export const BriefcaseIcon = strokeIcon('BriefcaseIcon', 'M3 7h18v13H3zm5 0V4h8v3');
export const HeartIcon = strokeIcon(
  'HeartIcon',
  'M12 21s-7.5-4.6-9.4-9.2C1.3 8.6 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.6h2C14 6.1 15.4 5 17.4 5c3.4 0 5.3 3.6 4 6.8C19.5 16.4 12 21 12 21z',
);
export const StarIcon = strokeIcon('StarIcon', 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z');
export const TruckIcon = strokeIcon('TruckIcon', 'M3 6h11v10H3zm11 4h4l3 3v3h-7M7 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01');
export const TrashIcon = strokeIcon('TrashIcon', 'M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3');
export const EditIcon = strokeIcon('EditIcon', 'M4 20h4L19 9l-4-4L4 16zm10-14 4 4');
export const PlusIcon = strokeIcon('PlusIcon', 'M12 5v14M5 12h14');
export const FilterIcon = strokeIcon('FilterIcon', 'M3 5h18l-7 8v6l-4 2v-8z');
export const SortIcon = strokeIcon('SortIcon', 'M7 4v16m0 0-3-3m3 3 3-3M17 20V4m0 0-3 3m3-3 3 3');
export const ChevronLeftIcon = strokeIcon('ChevronLeftIcon', 'm15 6-6 6 6 6');
export const ChevronRightIcon = strokeIcon('ChevronRightIcon', 'm9 6 6 6-6 6');
export const CopyIcon = strokeIcon('CopyIcon', 'M9 9h11v11H9zM5 15H4V4h11v1');
export const RefreshIcon = strokeIcon('RefreshIcon', 'M20 11a8 8 0 0 0-14.6-4.5L4 8m0-4v4h4m-4 5a8 8 0 0 0 14.6 4.5L20 16m0 4v-4h-4');

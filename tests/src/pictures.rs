//! Pictures the tests make byte by byte, where an image library would refuse to.

/// CRC-32 (IEEE) as PNG chunks carry it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for b in bytes {
        crc ^= *b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut typed = kind.to_vec();
    typed.extend_from_slice(data);
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(&typed);
    out.extend_from_slice(&crc32(&typed).to_be_bytes());
    out
}

/// A few hundred bytes of valid PNG whose header declares `width` × `height` RGB pixels: a
/// decompression bomb as far as a decoder that trusts the header is concerned.
pub fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    // A stored (uncompressed) zlib block of zeros: the start of the first rows.
    let mut idat = vec![0x78, 0x01, 0x01, 0x00, 0x01, 0xff, 0xfe];
    idat.extend_from_slice(&[0u8; 256]);
    png.extend(chunk(b"IDAT", &idat));
    png.extend(chunk(b"IEND", &[]));
    png
}

#!/usr/bin/env python3
"""Fails unless the PNG exists, decodes, and holds more than one colour.

Pure standard library (zlib), so CI needs no image tools: parse the chunks, inflate IDAT,
undo the per-row filters, and look for a pixel that differs from the first one.
"""
import struct
import sys
import zlib


def pixels_differ(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (2, 6):
        raise ValueError(f"unsupported PNG layout (depth {depth}, colour {colour})")
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    first = None
    for y in range(height):
        row_start = y * (stride + 1)
        filt = raw[row_start]
        row = bytearray(raw[row_start + 1 : row_start + 1 + stride])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if filt == 1:
                row[i] = (row[i] + a) & 0xFF
            elif filt == 2:
                row[i] = (row[i] + b) & 0xFF
            elif filt == 3:
                row[i] = (row[i] + (a + b) // 2) & 0xFF
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[i] = (row[i] + pred) & 0xFF
        if first is None:
            first = bytes(row[:bpp])
        if row != first * width:
            return True, (width, height)
        prev = row
    return False, (width, height)


def main():
    path = sys.argv[1]
    try:
        differ, size = pixels_differ(path)
    except (OSError, ValueError, zlib.error, TypeError, struct.error) as e:
        print(f"{path}: unreadable screenshot: {e}", file=sys.stderr)
        return 1
    if not differ:
        print(f"{path}: blank screenshot ({size[0]}x{size[1]}, a single colour)", file=sys.stderr)
        return 1
    print(f"{path}: ok ({size[0]}x{size[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

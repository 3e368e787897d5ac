"""Draw the application's icon: PNGs at the usual sizes, an SVG, and the Windows .ico and
macOS .icns the app builds use. Run from the repository: ``python tools/make_icons.py``.

The picture is a corner of the game's own wooden board (two light and two dark squares in
its frame) with a white man and a black king on the dark diagonal, drawn with the same
colours and piece drawing as the table in the game (``game.ui.drawing``). Small sizes (up
to 24 px) drop the crown and grooves, which would only be noise there.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.desktop import APP_ID, ICON_SIZES  # noqa: E402
from game.ui import drawing, theme  # noqa: E402

OUT = ROOT / "assets" / "icons"

# The geometry in units of the icon's side, shared by the PNGs and the SVG.
MARGIN = 0.04  # transparent space round the tile, as desktop icons have
CORNER = 0.16  # the tile's corner radius
FRAME = 0.07  # the wooden frame's width
PIECE = 0.40  # a piece's radius, in units of a square's side
SMALL_PIECE = 0.47  # at 24 px and below: bigger pieces, no crown or grooves
SMALL = 24
#: squares of a 2×2 corner: (column, row from the top, dark); a1 is dark, so the bottom left
SQUARES = ((0, 0, False), (1, 0, True), (0, 1, True), (1, 1, False))
WHITE_AT = (0, 1)  # a white man on the bottom-left dark square ...
BLACK_AT = (1, 0)  # ... and a black king on the top-right one


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _layout(side: float) -> tuple[float, float, float]:
    """Where the squares start and how big they are, for an icon ``side`` pixels wide."""
    tile = side * (1 - 2 * MARGIN)
    inner = tile - 2 * side * FRAME
    return side * (MARGIN + FRAME), inner / 2, tile


def draw_png(size: int) -> pygame.Surface:
    """The icon at ``size`` pixels, drawn big and scaled down for soft edges."""
    # a power of two: pygame's smoothscale keeps full opacity only over such ratios (over
    # 23× or 10× the solid middle came out 253 of 255, faintly see-through)
    scale = 1
    while size * scale * 2 <= 1024:
        scale *= 2
    side = size * scale
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    start, cell, tile = _layout(side)
    origin = round(side * MARGIN)
    tile_rect = pygame.Rect(origin, origin, round(tile), round(tile))
    radius = round(side * CORNER)
    pygame.draw.rect(big, theme.BOARD_FRAME, tile_rect, border_radius=radius)
    pygame.draw.rect(big, theme.mix(theme.BOARD_FRAME, (0, 0, 0), 0.35), tile_rect,
                     width=max(1, round(side * 0.012)), border_radius=radius)
    # the squares: the game's grained wood, with the inner corners rounded to suit the frame
    cells = round(cell)
    wood = drawing.wood_squares(2, 2, cells).copy().convert_alpha()
    mask = pygame.Surface(wood.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                     border_radius=round(side * (CORNER - FRAME)))
    wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # MULT would leave 254
    big.blit(wood, (round(start), round(start)))
    small = size <= SMALL
    piece = round(cell * (SMALL_PIECE if small else PIECE))
    for (column, row), white in ((WHITE_AT, True), (BLACK_AT, False)):
        centre = (start + (column + 0.5) * cell, start + (row + 0.5) * cell)
        if small:
            sprite = _plain_piece(piece, white)
            big.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
        else:
            drawing.draw_piece(big, centre, piece, white=white, king=not white)
    return big if scale == 1 else pygame.transform.smoothscale(big, (size, size))


def _plain_piece(radius: int, white: bool) -> pygame.Surface:
    """A piece as a rimmed disc with a light face: what still reads at 16 px."""
    body = theme.PIECE_WHITE if white else theme.PIECE_BLACK
    rim = theme.PIECE_WHITE_RIM if white else theme.PIECE_BLACK_RIM
    surface = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    pygame.draw.circle(surface, theme.mix(rim, (0, 0, 0), 0.3), (radius, radius), radius)
    pygame.draw.circle(surface, body, (radius, radius), round(radius * 0.8))
    return surface


def svg() -> str:
    """The same picture as scalable vector graphics (512 units a side)."""
    side = 512
    start, cell, tile = _layout(side)
    origin = side * MARGIN
    frame_edge = _hex(theme.mix(theme.BOARD_FRAME, (0, 0, 0), 0.35))
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" '
        f'viewBox="0 0 {side} {side}">',
        "  <title>Shashki</title>",
        "  <defs>",
    ]
    for name, base in (("light", theme.SQUARE_LIGHT), ("dark", theme.SQUARE_DARK)):
        parts.append(f'    <linearGradient id="{name}" x1="0" y1="0" x2="1" y2="1">'
                     f'<stop offset="0" stop-color="{_hex(theme.mix(base, (255, 255, 255), 0.08))}"/>'
                     f'<stop offset="1" stop-color="{_hex(theme.mix(base, (0, 0, 0), 0.08))}"/>'
                     "</linearGradient>")
    for name, body, white in (("ivory", theme.PIECE_WHITE, True),
                              ("ebony", theme.PIECE_BLACK, False)):
        light = theme.mix(body, (255, 255, 255), 0.45 if white else 0.22)
        parts.append(f'    <radialGradient id="{name}" cx="0.4" cy="0.4" r="0.6">'
                     f'<stop offset="0" stop-color="{_hex(light)}"/>'
                     f'<stop offset="1" stop-color="{_hex(body)}"/></radialGradient>')
    parts += [
        '    <filter id="shadow" x="-0.3" y="-0.3" width="1.6" height="1.6">'
        '<feGaussianBlur stdDeviation="6"/></filter>',
        f'    <clipPath id="board"><rect x="{start:.1f}" y="{start:.1f}" width="{2 * cell:.1f}" '
        f'height="{2 * cell:.1f}" rx="{side * (CORNER - FRAME):.1f}"/></clipPath>',
        "  </defs>",
        f'  <rect x="{origin:.1f}" y="{origin:.1f}" width="{tile:.1f}" height="{tile:.1f}" '
        f'rx="{side * CORNER:.1f}" fill="{_hex(theme.BOARD_FRAME)}" stroke="{frame_edge}" '
        f'stroke-width="{side * 0.012:.1f}"/>',
        '  <g clip-path="url(#board)">',
    ]
    for column, row, dark in SQUARES:
        parts.append(f'    <rect x="{start + column * cell:.1f}" y="{start + row * cell:.1f}" '
                     f'width="{cell:.1f}" height="{cell:.1f}" '
                     f'fill="url(#{"dark" if dark else "light"})"/>')
    parts.append("  </g>")
    radius = cell * PIECE
    for (column, row), white in ((WHITE_AT, True), (BLACK_AT, False)):
        cx, cy = start + (column + 0.5) * cell, start + (row + 0.5) * cell
        rim = theme.PIECE_WHITE_RIM if white else theme.PIECE_BLACK_RIM
        body = theme.PIECE_WHITE if white else theme.PIECE_BLACK
        groove = _hex(theme.mix(body, rim, 0.7))
        edge = _hex(theme.mix(rim, (0, 0, 0), 0.3))
        parts += [
            f'  <circle cx="{cx + radius * 0.12:.1f}" cy="{cy + radius * 0.12:.1f}" '
            f'r="{radius + 3:.1f}" fill="#000" fill-opacity="0.35" filter="url(#shadow)"/>',
            f'  <circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{_hex(rim)}"/>',
            f'  <circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius * 0.9:.1f}" '
            f'fill="url(#{"ivory" if white else "ebony"})"/>',
        ]
        for fraction in (0.78, 0.55):
            parts.append(f'  <circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius * fraction:.1f}" '
                         f'fill="none" stroke="{groove}" stroke-width="{radius / 26:.1f}"/>')
        parts.append(f'  <circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius * 0.97:.1f}" '
                     f'fill="none" stroke="{edge}" stroke-width="{radius / 18:.1f}"/>')
        if not white:
            size = radius * 0.42
            w, h = size * 1.1, size * 0.8
            points = ((-w, h * 0.6), (-w, -h * 0.5), (-w * 0.5, 0), (0, -h * 0.9),
                      (w * 0.5, 0), (w, -h * 0.5), (w, h * 0.6))
            text = " ".join(f"{cx + x:.1f},{cy + y:.1f}" for x, y in points)
            parts.append(f'  <polygon points="{text}" fill="{_hex((226, 178, 92))}" '
                         f'stroke="{_hex(rim)}" stroke-width="{size / 10:.1f}" '
                         'stroke-linejoin="round"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding PNG images (read by Windows Vista and later)."""
    sizes = [s for s in sorted(pngs) if s <= 256]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        image = pngs[size]
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image),
                               offset + len(data))
        data += image
    return header + entries + data


#: the .icns element types that hold a PNG of a given size (macOS 10.7 and later)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09",
              1024: b"ic10"}


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon file holding PNG images."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for size, kind in ICNS_TYPES.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.display.init()
    pygame.display.set_mode((1, 1))  # convert_alpha wants a display, even a dummy one
    OUT.mkdir(parents=True, exist_ok=True)
    pngs: dict[int, bytes] = {}
    for size in sorted({*ICON_SIZES, *ICNS_TYPES}):
        pngs[size] = _png_bytes(draw_png(size))
        if size in ICON_SIZES:
            (OUT / f"{APP_ID}-{size}.png").write_bytes(pngs[size])
    (OUT / f"{APP_ID}.svg").write_text(svg(), encoding="utf-8")
    (OUT / f"{APP_ID}.ico").write_bytes(ico(pngs))
    (OUT / f"{APP_ID}.icns").write_bytes(icns(pngs))
    print(f"wrote {len(ICON_SIZES)} PNGs, the SVG, .ico and .icns to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

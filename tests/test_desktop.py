"""The game in the desktop's menu: the shipped entry and AppStream file pass the distribution's
validators, the icons are there at every size, and ``--install-desktop`` /
``--uninstall-desktop`` put them in and take them out of the user's XDG folders."""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from game import desktop
from game.__main__ import main
from game.desktop import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "assets" / "desktop" / f"{APP_ID}.desktop"
METAINFO = ROOT / "assets" / "desktop" / f"{APP_ID}.metainfo.xml"
ICONS = ROOT / "assets" / "icons"


def _validator(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian: apt-get install {package})")
    return found


def _entry_values(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


# --- the shipped files, as a distribution would install them ---------------------------------
def test_the_desktop_entry_passes_desktop_file_validate() -> None:
    validator = _validator("desktop-file-validate", "desktop-file-utils")
    done = subprocess.run([validator, str(ENTRY)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "", done.stdout + done.stderr


def test_the_metainfo_passes_appstreamcli_validate() -> None:
    validator = _validator("appstreamcli", "appstream")
    done = subprocess.run([validator, "validate", "--no-net", str(METAINFO)],
                          capture_output=True, text=True, timeout=60)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    # errors and warnings fail; an info note (such as an older validator not knowing the
    # newer <developer> tag) does not
    assert not [line for line in said.splitlines() if line.startswith(("E:", "W:"))], said


def test_the_entry_and_the_metainfo_name_each_other_and_the_icon() -> None:
    values = _entry_values(ENTRY.read_text(encoding="utf-8"))
    assert values["Icon"] == APP_ID
    assert values["StartupWMClass"] == APP_ID  # the window class __main__ sets for SDL
    assert values["Exec"] == "shashki"  # the console script pip installs
    assert "Game" in values["Categories"].split(";")
    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == ENTRY.name
    assert component.findtext("provides/binary") == "shashki"
    description = "".join(component.find("description").itertext())  # type: ignore[union-attr]
    for game in ("Russian", "International", "English", "Brazilian", "giveaway", "Apokachi",
                 "Chapaev"):
        assert game in description


def test_every_game_is_found_by_its_name_in_both_languages() -> None:
    """Searching the menu or a software centre for Уголки, corners, Chapaev... finds it."""
    values = _entry_values(ENTRY.read_text(encoding="utf-8"))
    english, russian = values["Keywords"].split(";"), values["Keywords[ru]"].split(";")
    for word in ("draughts", "giveaway", "apokachi", "chapaev", "ugolki", "corners"):
        assert word in english
    for word in ("шашки", "поддавки", "апокачи", "чапаев", "уголки"):
        assert word in russian
    component = ET.parse(METAINFO).getroot()
    keywords = {(k.text, k.get("{http://www.w3.org/XML/1998/namespace}lang"))
                for k in component.iter("keyword")}
    assert {("corners", None), ("ugolki", None), ("уголки", "ru")} <= keywords


def test_the_metainfo_shows_pictures_of_the_game_and_names_its_home() -> None:
    component = ET.parse(METAINFO).getroot()
    home = component.findtext("url[@type='homepage']")
    assert home and home.startswith("https://")
    shots = component.findall("screenshots/screenshot")
    assert len(shots) >= 3
    assert [s.get("type") for s in shots].count("default") == 1
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    for shot in shots:
        captions = {c.get(lang): c.text for c in shot.findall("caption")}
        assert captions.get(None) and captions.get("ru")  # said in both languages
        url = shot.findtext("image") or ""
        assert url.startswith(home)
        # the picture published there is the repository's own, of the size the tag says
        picture = pygame.image.load(str(ROOT / "docs" / url.rsplit("/", 1)[1]))
        image = shot.find("image")
        assert image is not None
        assert picture.get_size() == (int(image.get("width", 0)), int(image.get("height", 0)))


@pytest.mark.parametrize("size", ICON_SIZES)
def test_every_icon_size_is_drawn_with_clear_corners_and_a_solid_middle(size: int) -> None:
    image = pygame.image.load(str(ICONS / f"{APP_ID}-{size}.png"))
    assert image.get_size() == (size, size)
    assert image.get_at((0, 0)).a == 0  # the rounded tile leaves the corner transparent
    assert image.get_at((size // 2, size // 2)).a == 255
    # the two pieces on the dark diagonal: a light one low left, a dark one up right (looked
    # at below its crown)
    light = image.get_at((round(size * 0.3), round(size * 0.7)))
    dark = image.get_at((round(size * 0.7), round(size * 0.4)))
    assert sum(light[:3]) > sum(dark[:3]) + 300


def test_the_scalable_windows_and_macos_icons_are_well_formed() -> None:
    svg = ET.parse(ICONS / f"{APP_ID}.svg").getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 512 512"
    assert len(svg.findall(".//{http://www.w3.org/2000/svg}circle")) >= 8  # two turned pieces
    ico = (ICONS / f"{APP_ID}.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 6
    sizes = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes
    icns = (ICONS / f"{APP_ID}.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"\x89PNG" in icns  # the 1024 px Retina image, as PNG


# --- installing into the user's folders --------------------------------------------------------
def test_install_desktop_puts_the_entry_and_icons_in_xdg_data_home_and_uninstall_removes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    xdg = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg))
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "bin" / "nothing-here")])
    # somebody else's entry and icon in the same folders must survive us
    other = xdg / "applications" / "org.example.Other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\n")
    assert main(["--install-desktop"]) == 0
    said = capsys.readouterr().out
    entry = xdg / "applications" / f"{APP_ID}.desktop"
    assert str(entry) in said
    values = _entry_values(entry.read_text(encoding="utf-8"))
    assert values["Exec"] == " ".join(desktop.exec_quote(a) for a in desktop.launch_command())
    assert values["Name[ru]"] == "Шашки"
    for size in ICON_SIZES:
        icon = xdg / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == (ICONS / f"{APP_ID}-{size}.png").read_bytes()
    assert (xdg / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    # the software centre's description, where AppStream looks in a user's data folder
    assert (xdg / "metainfo" / f"{APP_ID}.metainfo.xml").read_bytes() == METAINFO.read_bytes()
    assert not list(xdg.rglob("*.tmp"))  # written through temporary files, none left
    # installing again (an update) overwrites in place
    assert main(["--install-desktop"]) == 0
    assert main(["--uninstall-desktop"]) == 0
    assert "12 files removed" in capsys.readouterr().out
    assert not (xdg / "metainfo" / f"{APP_ID}.metainfo.xml").exists()
    assert sorted(p for p in xdg.rglob("*") if p.is_file()) == [other]
    assert main(["--uninstall-desktop"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_the_installed_entry_starts_the_program_that_installed_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "My Games" / "shashki"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script)])
    assert desktop.launch_command() == [str(script.resolve())]
    # started as python -m game: that, from the folder holding the game (a checkout)
    monkeypatch.setattr(sys, "argv", [str(ROOT / "game" / "__main__.py")])
    command = desktop.launch_command()
    assert command == [os.path.abspath(sys.executable), "-m", "game"]
    values = _entry_values(desktop.entry_text(command))
    assert values["Path"] == str(ROOT) and values["Exec"].endswith(" -m game")
    done = subprocess.run([sys.executable, "-c", "import game.desktop"], cwd=values["Path"],
                          env={"PATH": os.environ.get("PATH", "")}, timeout=60)
    assert done.returncode == 0  # from there, Python finds the game
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # the built app
    monkeypatch.setattr(sys, "executable", "/opt/Shashki/shashki")
    assert desktop.launch_command() == ["/opt/Shashki/shashki"]


def test_a_path_with_spaces_and_specials_is_quoted_as_the_spec_asks(tmp_path: Path) -> None:
    assert desktop.exec_quote("/usr/bin/shashki") == "/usr/bin/shashki"
    assert desktop.exec_quote("/home/a b/shashki") == '"/home/a b/shashki"'
    assert desktop.exec_quote('/x/$y"z') == '"/x/\\$y\\"z"'
    assert desktop.exec_quote("/x/100%") == '"/x/100%%"'
    written = desktop.install(tmp_path, ["/home/Ann Lee/$HOME/shashki", "-m", "game"])
    entry = written[0]
    assert entry.name == f"{APP_ID}.desktop"
    validator = shutil.which("desktop-file-validate")
    if validator:
        done = subprocess.run([validator, str(entry)], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0 and done.stdout.strip() == "", done.stdout


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert desktop.data_home() == tmp_path / ".local" / "share"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert desktop.data_home() == tmp_path / ".local" / "share"


def test_on_windows_and_macos_it_says_what_to_do_instead(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "win32")
    assert main(["--install-desktop"]) == 1
    assert "Linux" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_folder_that_cannot_be_written_gives_a_message_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "share"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    assert main(["--install-desktop"]) == 1
    assert "could not write" in capsys.readouterr().err

"""The user's cache folder stays small: a class list of Chinese names converted a font's letters again
each time, 12.5 MB a list, kept for good. Each kind's folder keeps the files used last."""

import os

from puzzlebook import usercache


def _kept(kind, name: str, size: int, used: int) -> None:
    place = kind / name[:2] / name
    place.parent.mkdir(parents=True, exist_ok=True)
    place.write_bytes(b"x" * size)
    os.utime(place, ns=(used, used))


def test_a_kinds_folder_keeps_the_files_used_last_within_its_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(usercache, "MOST", 250)
    kind = tmp_path / "puzzlebook" / "fonts"
    for k, name in enumerate(["aa01", "bb02", "cc03"]):  # used in that order, 100 bytes each
        _kept(kind, name, 100, (k + 1) * 10**9)
    assert usercache.read(kind / "aa" / "aa01", 1000) == b"x" * 100  # the oldest, used again now
    usercache.write(kind / "dd" / "dd04", b"y" * 100, kind)
    left = sorted(p.name for p in kind.rglob("*") if p.is_file())
    assert left == ["aa01", "dd04"]  # 200 bytes: the two least recently used went, the new one stays


def test_the_new_file_stays_however_large_and_links_are_left_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(usercache, "MOST", 50)
    kind = tmp_path / "puzzlebook" / "fonts"
    outside = tmp_path / "thesis.pdf"
    outside.write_bytes(b"years of work")
    kind.mkdir(parents=True)
    (kind / "ee05").symlink_to(outside)
    _kept(kind, "ff06", 100, 10**9)
    usercache.write(kind / "gg" / "gg07", b"z" * 100, kind)
    assert (kind / "gg" / "gg07").read_bytes() == b"z" * 100
    assert not (kind / "ff" / "ff06").exists()
    assert (kind / "ee05").is_symlink() and outside.read_bytes() == b"years of work"

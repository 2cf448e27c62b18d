"""Packed directories (build/packs.py): files under them are read back by path, shared bytes are stored
once, loose files stay files, and every key is found, including the one in 256 that ends in a NUL byte."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from itertools import count
from pathlib import Path

import numpy as np
import pytest

import build.packs as packs_module
from build.history_parts import INDEX_DTYPE, build_index, entity_key, lookup
from build.packs import INDEX_SUFFIX, PACK_SUFFIX, SEGMENTS_SUFFIX, Packs, pack_file, path_key, tree_files
from build.paths import PACKS, entity_card_path, pack_of
from build.writer import TreeWriter, WriterError


def a_name(prefix: str, digest_of: Callable[[str], bytes]) -> str:
    """A name whose 16-byte key ends in a NUL byte (NumPy strips those from `S16` values)."""
    for n in count():
        name = f"{prefix}{n}"
        if digest_of(name)[15] == 0:
            return name
    raise AssertionError  # pragma: no cover


def test_packed_paths_are_the_entity_directories_only() -> None:
    assert pack_of(entity_card_path("mcp-servers", "io.github.a/b")) == "api/entities/mcp-servers"
    assert pack_of("pages/mcp/io.github.a/b/index.html") == "pages/mcp"
    assert pack_of("pages/badge/repo/o/n.svg") == "pages/badge/repo"
    assert pack_of("pages/badge-dark/repo/o/n.svg") == "pages/badge-dark/repo"
    for loose in ("pages/index.html", "pages/mcp", "api/entities/pages.json", "api/feeds/mcp-servers/rows.jsonl"):
        assert pack_of(loose) is None, loose


def test_a_tree_reads_back_every_file_packed_or_not(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path / "t")
    ending_in_nul = a_name("pages/mcp/x", lambda name: path_key(f"{name}/index.html")) + "/index.html"
    files = {
        "pages/index.html": b"<html>home</html>",
        "pages/mcp/io.github.a/b/index.html": b"<html>a/b</html>",
        ending_in_nul: b"<html>nul</html>",
        entity_card_path("mcp-servers", "io.github.a/b"): b'{"entity":"io.github.a/b"}',
    }
    for relpath, data in files.items():
        writer.write_bytes(relpath, data)
    writer.write_shared("pages/badge/mcp/a.svg", b"<svg>50</svg>")
    writer.write_shared("pages/badge/mcp/b.svg", b"<svg>50</svg>")
    writer.write_shared("pages/badge/mcp/c.svg", b"<svg>70</svg>")
    with pytest.raises(WriterError):
        writer.write_bytes("pages/mcp/io.github.a/b/index.html", b"again")
    with pytest.raises(WriterError), writer.open_stream("pages/mcp/big/index.html"):
        pass
    writer.close_packs()
    root = tmp_path / "t"
    assert not (root / "pages" / "mcp").exists()  # no directory per page: one pack
    assert (root / "pages" / "index.html").read_bytes() == files["pages/index.html"]
    assert segments_of(root, "pages/badge/mcp") == [b"<svg>50</svg><svg>70</svg>"]
    for packs in (Packs(root), Packs(root, keep_open=True)):  # a binary search, or a build's dict per index
        for relpath, data in files.items():
            assert packs.read(relpath) == data and packs.exists(relpath), relpath
        assert packs.read("pages/badge/mcp/b.svg") == b"<svg>50</svg>"
        assert packs.read("pages/mcp/io.github.a/index.html") is None
        assert packs.read("pages/repo/o/n/index.html") is None  # a packed directory with no pack in this build
        assert not packs.exists("pages/mcp/nope/index.html")
        packs.close()
    listed = dict(tree_files(root))
    assert listed == {
        **files,
        "pages/badge/mcp/a.svg": b"<svg>50</svg>",
        "pages/badge/mcp/b.svg": b"<svg>50</svg>",
        "pages/badge/mcp/c.svg": b"<svg>70</svg>",
    }
    assert not any(name.startswith(f"{PACKS}/") for name in listed)


def segments_of(root: Path, directory: str) -> list[bytes]:
    """The bytes of each segment of a packed directory, in the order its segment list gives."""
    listing = (root / pack_file(directory, SEGMENTS_SUFFIX)).read_text().splitlines()
    return [(root / segment).read_bytes() for segment in listing]


def test_a_packed_file_is_taken_from_the_previous_build_by_its_bytes(tmp_path: Path) -> None:
    old = TreeWriter(tmp_path / "old")
    old.write_bytes("pages/mcp/a/index.html", b"<html>a</html>")
    old.write_bytes("pages/index.html", b"<html>home</html>")
    old.close_packs()
    new = TreeWriter(tmp_path / "new")
    new.take("pages/mcp/a/index.html", tmp_path / "old")
    new.take("pages/index.html", tmp_path / "old")
    with pytest.raises(FileNotFoundError):
        new.take("pages/mcp/b/index.html", tmp_path / "old")
    new.write_bytes("pages/mcp/b/index.html", b"<html>b</html>")  # the path stays free after a miss
    new.close_packs()
    assert new.linked == 2
    assert (tmp_path / "new" / "pages" / "index.html").stat().st_ino == (
        tmp_path / "old" / "pages" / "index.html"
    ).stat().st_ino
    packs = Packs(tmp_path / "new")
    assert packs.read("pages/mcp/a/index.html") == b"<html>a</html>"
    assert packs.read("pages/mcp/b/index.html") == b"<html>b</html>"


def test_taken_files_keep_the_previous_segment_until_it_is_mostly_dead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A taken file stays a range of the previous build's segment, linked, not copied; once less than
    half of a segment's bytes are still referenced, those are copied into the new segment and the old
    one is let go."""
    monkeypatch.setattr(packs_module, "MIN_SEGMENT_BYTES", 0)  # these segments are tiny
    pages = {f"pages/mcp/p{n}/index.html": f"<html>{n}</html>".encode() * 10 for n in range(10)}
    first = TreeWriter(tmp_path / "b1")
    for relpath, data in pages.items():
        first.write_bytes(relpath, data)
    first.close_packs()
    (old_segment,) = (tmp_path / "b1" / PACKS).glob("pages/mcp.*.pack")
    # the second build takes 7 of the 10 pages and writes 3 again
    second = TreeWriter(tmp_path / "b2")
    changed = {relpath: data.upper() for relpath, data in list(pages.items())[7:]}
    for relpath in list(pages)[:7]:
        second.take(relpath, tmp_path / "b1")
    for relpath, data in changed.items():
        second.write_bytes(relpath, data)
    second.close_packs()
    assert (tmp_path / "b2" / old_segment.relative_to(tmp_path / "b1")).stat().st_ino == old_segment.stat().st_ino
    assert sorted(map(len, segments_of(tmp_path / "b2", "pages/mcp"))) == [
        sum(map(len, changed.values())),
        sum(map(len, pages.values())),
    ]
    now = {**pages, **changed}
    for packs in (Packs(tmp_path / "b2"), Packs(tmp_path / "b2", keep_open=True)):
        assert {relpath: packs.read(relpath) for relpath in pages} == now
        packs.close()
    # the third build takes 3 of the first build's pages (30% of that segment) and the changed ones
    third = TreeWriter(tmp_path / "b3")
    for relpath in [*list(pages)[:3], *changed]:
        third.take(relpath, tmp_path / "b2")
    third.close_packs()
    assert not (tmp_path / "b3" / old_segment.relative_to(tmp_path / "b1")).exists()  # folded in, not linked
    packs = Packs(tmp_path / "b3")
    assert {relpath: packs.read(relpath) for relpath in [*list(pages)[:3], *changed]} == {
        **{relpath: pages[relpath] for relpath in list(pages)[:3]},
        **changed,
    }
    assert packs.read(list(pages)[5]) is None
    assert dict(tree_files(tmp_path / "b3")) == {
        **{relpath: pages[relpath] for relpath in list(pages)[:3]},
        **changed,
    }


def test_a_small_segment_is_copied_rather_than_linked(tmp_path: Path) -> None:
    """A directory that gains a few files a day and keeps them all would gain a linked segment a day: a
    segment below MIN_SEGMENT_BYTES is copied into the new one, so one build leaves one small segment."""
    root = tmp_path / "b0"
    writer = TreeWriter(root)
    writer.write_bytes("api/trends/mcp-servers/1d/2026-11-01.json", b"{}")
    writer.close_packs()
    for n in range(1, 4):
        previous, root = root, tmp_path / f"b{n}"
        writer = TreeWriter(root)
        for day in range(1, n + 1):
            writer.take(f"api/trends/mcp-servers/1d/2026-11-0{day}.json", previous)
        writer.write_bytes(f"api/trends/mcp-servers/1d/2026-11-0{n + 1}.json", b'{"n":%d}' % n)
        writer.close_packs()
    assert len(segments_of(root, "api/trends/mcp-servers")) == 1
    assert Packs(root).read("api/trends/mcp-servers/1d/2026-11-01.json") == b"{}"
    assert Packs(root).read("api/trends/mcp-servers/1d/2026-11-04.json") == b'{"n":3}'


def test_a_tree_packed_before_segments_reads_the_same(tmp_path: Path) -> None:
    """One `<dir>.pack` and an index of (key, start, end), as trees were written before segments."""
    root = tmp_path / "old"
    (root / PACKS / "pages").mkdir(parents=True)
    files = {"pages/mcp/a/index.html": b"<html>a</html>", "pages/mcp/b/index.html": b"<html>bb</html>"}
    (root / pack_file("pages/mcp", PACK_SUFFIX)).write_bytes(b"".join(files.values()))
    ranges = [(path_key("pages/mcp/a/index.html"), 0, 14), (path_key("pages/mcp/b/index.html"), 14, 29)]
    with open(root / pack_file("pages/mcp", INDEX_SUFFIX), "wb") as fh:
        np.save(fh, np.array(sorted(ranges), dtype=INDEX_DTYPE), allow_pickle=False)
    (root / pack_file("pages/mcp", ".paths")).write_text("".join(f"{p}\n" for p in sorted(files)))
    for packs in (Packs(root), Packs(root, keep_open=True)):
        assert {relpath: packs.read(relpath) for relpath in files} == files
        packs.close()


def test_history_finds_an_entity_whose_key_ends_in_a_nul_byte() -> None:
    entity = a_name("owner/repo", lambda name: hashlib.sha256(name.encode()).digest())
    other = "owner/other"
    index = build_index([(entity_key(other), 0, 10), (entity_key(entity), 10, 25)])
    assert index.dtype["key"] == np.dtype("S16")
    assert lookup(index, entity) == (10, 25)
    assert lookup(index, other) == (0, 10)
    assert lookup(index, "owner/absent") is None


def test_pack_index_is_a_sorted_npy_file(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path)
    for n in range(50):
        writer.write_bytes(f"pages/llm/m{n}/index.html", b"x" * n)
    writer.close_packs()
    with open(tmp_path / pack_file("pages/llm", INDEX_SUFFIX), "rb") as fh:
        index = np.load(fh, allow_pickle=False)
    assert index.size == 50 and list(index["key"]) == sorted(index["key"])


def test_over_many_builds_every_file_reads_back_and_segments_stay_few(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thirty builds, each taking most files from the one before and writing the rest again (as entity
    pages are, night after night): every file reads back as last written, and dead bytes do not pile up
    in linked segments (each keeps at least KEEP_SHARE of its bytes referenced, so they stay few)."""
    monkeypatch.setattr(packs_module, "MIN_SEGMENT_BYTES", 2_000)
    rng = np.random.default_rng(5)
    paths = [f"pages/mcp/e{n}/index.html" for n in range(300)]
    current: dict[str, bytes] = {}
    previous: Path | None = None
    for build in range(30):
        root = tmp_path / f"b{build:02d}"
        writer = TreeWriter(root)
        rewritten = rng.random(len(paths)) < (1.0 if previous is None else 0.3)
        for relpath, again in zip(paths, rewritten.tolist(), strict=True):
            if again or previous is None:
                current[relpath] = f"<html>{relpath} {build}</html>".encode() * int(rng.integers(1, 5))
                writer.write_bytes(relpath, current[relpath])
            else:
                writer.take(relpath, previous)
        writer.close_packs()
        packs = Packs(root)
        assert {relpath: packs.read(relpath) for relpath in paths} == current, build
        previous = root
    segments = segments_of(previous, "pages/mcp")
    live = sum(map(len, current.values()))
    assert len(segments) <= 4 and sum(map(len, segments)) <= 2 * live  # each linked one at least half live


def test_a_reader_of_a_pruned_tree_gets_nothing_rather_than_an_error(tmp_path: Path) -> None:
    """A server still holding a tree's index after the tree was pruned answers "absent" (a 404), not a 500."""
    relpath = "api/trends/mcp-servers/1d/2026-11-01.json"
    for keep_open in (False, True):
        root = tmp_path / f"keep-open-{keep_open}"
        writer = TreeWriter(root)
        writer.write_bytes(relpath, b"{}")
        writer.close_packs()
        packs = Packs(root, keep_open=keep_open)
        assert packs.exists(relpath)  # its index is loaded
        for segment in (root / PACKS).rglob(f"*{PACK_SUFFIX}"):
            segment.unlink()
        assert packs.read(relpath) is None
        packs.close()


def test_packs_are_finished_once_and_a_failed_build_only_closes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = TreeWriter(tmp_path / "b1")
    writer.write_bytes("pages/mcp/a/index.html", b"a")
    writer.write_bytes("pages/llm/b/index.html", b"b")
    calls: list[str] = []
    close = packs_module.PackWriter.close

    def failing(pack: packs_module.PackWriter) -> int:
        calls.append(pack.directory)
        if len(calls) == 1:
            raise OSError("disk full")
        return close(pack)

    monkeypatch.setattr(packs_module.PackWriter, "close", failing)
    with pytest.raises(OSError, match="disk full"):
        writer.close_packs()
    writer.close_packs()  # what the build's `finally` does: nothing is finished twice
    writer.abandon_packs()
    assert len(calls) == 1
    # a failed build abandons its packs: closed, no index written
    other = TreeWriter(tmp_path / "b2")
    other.write_bytes("pages/mcp/a/index.html", b"a")
    other.abandon_packs()
    assert not (tmp_path / "b2" / pack_file("pages/mcp", INDEX_SUFFIX)).exists()


def test_many_files_taken_or_shared_at_once_read_back_as_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`take_all` and `write_shared_all` (a night's settled pages and cards, its absent entities' badges)
    give the tree `take` and `write_shared` give: the same files, a missing one reported rather than
    taken, a path not written twice, ranges of a mostly dead segment copied in, a key ending in a NUL
    byte found."""
    monkeypatch.setattr(packs_module, "MIN_SEGMENT_BYTES", 0)
    nul = a_name("pages/mcp/z", lambda name: path_key(f"{name}/index.html")) + "/index.html"
    pages = {f"pages/mcp/p{n}/index.html": f"<html>{n}</html>".encode() * 10 for n in range(10)}
    pages[nul] = b"<html>nul</html>"
    cards = {entity_card_path("mcp-servers", f"io.github.a/c{n}"): f'{{"n":{n}}}'.encode() for n in range(4)}
    first = TreeWriter(tmp_path / "b1")
    for relpath, data in {**pages, **cards}.items():
        first.write_bytes(relpath, data)
    first.close_packs()
    second = TreeWriter(tmp_path / "b2")
    wanted = [*list(pages)[:3], nul, *cards, "pages/mcp/never/index.html"]
    taken = second.take_all(wanted, tmp_path / "b1")
    assert taken.tolist() == [True] * (len(wanted) - 1) + [False]
    assert second.read(nul) == pages[nul]  # read back before the pack is closed
    with pytest.raises(WriterError):
        second.take_all([wanted[0]], tmp_path / "b1")  # already taken
    with pytest.raises(WriterError):
        second.take_all(["pages/index.html"], tmp_path / "b1")  # not packed
    badges = [f"pages/badge/mcp/b{n}.svg" for n in range(5)]
    second.write_shared_all(badges, b"<svg>n/a</svg>")
    second.write_shared("pages/badge/mcp/one.svg", b"<svg>n/a</svg>")
    second.close_packs()
    # 3 of 10 pages and a short one: under half of the pages' segment, so its live ranges were copied in
    assert not any((tmp_path / "b2" / PACKS).glob(f"pages/mcp.{(tmp_path / 'b1').name}-*.pack"))
    expected = {
        **{relpath: pages[relpath] for relpath in wanted[:4]},
        **cards,
        **dict.fromkeys([*badges, "pages/badge/mcp/one.svg"], b"<svg>n/a</svg>"),
    }
    assert dict(tree_files(tmp_path / "b2")) == expected
    (badge_segment,) = segments_of(tmp_path / "b2", "pages/badge/mcp")
    assert badge_segment == b"<svg>n/a</svg>"  # one range for all six

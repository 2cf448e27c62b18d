"""The one writer and atomic publication."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from build import publish
from build.paths import BUILD_INFO
from build.writer import TreeWriter, WriterError


@pytest.mark.parametrize("bad", ["../x", "/etc/passwd", "a/../../b", "", "a//b", "./a"])
def test_writer_refuses_paths_outside_the_tree(tmp_path: Path, bad: str) -> None:
    writer = TreeWriter(tmp_path / "t")
    with pytest.raises(WriterError):
        writer.write_bytes(bad, b"x")


@pytest.mark.parametrize(
    "bad",
    [
        *("pages/mcp/../../b", "pages/mcp/a//b", "pages/mcp/a/.", "pages/mcp/a/..", "pages/mcp/a/./b"),
        *("pages/mcp/a\\b", "pages/mcp/a\x00", "pages/mcp/a/", "pages/mcp/x\n/../y", "pages/mcp/ok.svg"),
    ],
)
def test_writing_many_paths_at_once_refuses_what_one_at_a_time_refuses(tmp_path: Path, bad: str) -> None:
    """`write_shared_all` (and `take_all`) check their paths together: the same refusals as `write_bytes`,
    a path twice in one call or already written included (the last case: written just before)."""
    writer = TreeWriter(tmp_path / "t")
    writer.write_bytes("pages/mcp/ok.svg", b"x")
    with pytest.raises(WriterError):
        writer.write_shared_all(["pages/mcp/fine.svg", bad], b"<svg/>")
    with pytest.raises(WriterError, match="twice"):
        writer.write_shared_all(["pages/mcp/c.svg", "pages/mcp/c.svg"], b"<svg/>")
    writer.write_shared_all([f"pages/mcp/{n}.svg" for n in range(3)], b"<svg/>")
    writer.close_packs()
    assert writer.exists("pages/mcp/2.svg")
    if bad != "pages/mcp/ok.svg":  # a refused path is never recorded as written
        assert not writer.exists(bad)


def test_writer_refuses_a_path_written_twice(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path / "t")
    writer.write_json("api/a.json", {"a": 1})
    with pytest.raises(WriterError, match="twice"):
        writer.write_bytes("api/a.json", b"{}")
    with writer.open_stream("api/big.jsonl") as fh:
        for n in range(1000):
            fh.write(b'{"n":%d}\n' % n)
    assert writer.files == 2
    assert writer.bytes == len(b'{"a":1}') + (tmp_path / "t/api/big.jsonl").stat().st_size


def test_shared_bytes_are_one_file_linked_under_every_path(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path / "b")
    writer.write_shared("badge/a.svg", b"<svg>87</svg>")
    writer.write_shared("badge/x/b.svg", b"<svg>87</svg>")
    writer.write_shared("badge/c.svg", b"<svg>12</svg>")
    root = tmp_path / "b"
    assert (root / "badge/x/b.svg").read_bytes() == b"<svg>87</svg>"
    assert (root / "badge/a.svg").stat().st_ino == (root / "badge/x/b.svg").stat().st_ino
    assert (root / "badge/c.svg").stat().st_ino != (root / "badge/a.svg").stat().st_ino
    assert (writer.files, writer.bytes) == (3, 3 * len(b"<svg>87</svg>"))


def test_a_link_to_a_missing_file_leaves_the_path_free_to_write(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path / "b")
    with pytest.raises(FileNotFoundError):
        writer.link("pages/x/index.html", tmp_path / "gone.html")
    writer.write_bytes("pages/x/index.html", b"rendered")
    assert (tmp_path / "b/pages/x/index.html").read_bytes() == b"rendered" and writer.linked == 0


def fake_build(site: Path, build_id: str, content: bytes, complete: bool = True) -> None:
    root = publish.prepare(site, build_id)
    (root / "data.txt").write_bytes(content)
    if complete:
        (root / BUILD_INFO).write_text("{}")


def test_swap_prune_and_rollback(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for n in range(5):
        fake_build(site, f"2026110{n}T000000Z-aaaaaa", b"build %d" % n)
        publish.swap(site, f"2026110{n}T000000Z-aaaaaa")
        publish.prune(site)
    assert (site / "data.txt").read_bytes() == b"build 4"
    assert site.is_symlink() and not os.path.isabs(os.readlink(site))
    assert len(publish.complete_builds(site)) == publish.KEEP
    assert publish.rollback(site) == "20261103T000000Z-aaaaaa"
    assert (site / "data.txt").read_bytes() == b"build 3"


def test_old_builds_are_removed_beside_a_build_but_never_the_served_one(tmp_path: Path) -> None:
    site = tmp_path / "site"
    names = [f"2026110{n}T000000Z-aaaaaa" for n in range(4)]
    for name in names:
        fake_build(site, name, name.encode())
    publish.swap(site, names[0])  # rolled back to the oldest: it stays whatever its age
    pruning = publish.Pruning(site)
    assert pruning.wait() == names[1 : 4 - (publish.KEEP - 1)]
    assert publish.complete_builds(site) == [names[0], *names[4 - (publish.KEEP - 1) :]]
    assert not (publish.builds_dir(site) / names[1]).exists()
    assert (site / "data.txt").read_bytes() == names[0].encode()
    assert publish.Pruning(site).wait() == []  # KEEP - 1 newest and the served one: nothing more


def test_an_incomplete_build_is_never_published_and_is_cleaned_later(tmp_path: Path) -> None:
    site = tmp_path / "site"
    fake_build(site, "20261101T000000Z-aaaaaa", b"good")
    publish.swap(site, "20261101T000000Z-aaaaaa")
    fake_build(site, "20261102T000000Z-bbbbbb", b"half", complete=False)
    with pytest.raises(publish.PublishError, match="incomplete"):
        publish.swap(site, "20261102T000000Z-bbbbbb")
    assert (site / "data.txt").read_bytes() == b"good"
    publish.prepare(site, "20261103T000000Z-cccccc")
    assert not (publish.builds_dir(site) / "20261102T000000Z-bbbbbb").exists()
    assert (site / "data.txt").read_bytes() == b"good"


def test_rollback_without_an_older_build(tmp_path: Path) -> None:
    site = tmp_path / "site"
    with pytest.raises(publish.PublishError):
        publish.rollback(site)
    fake_build(site, "20261101T000000Z-aaaaaa", b"only")
    publish.swap(site, "20261101T000000Z-aaaaaa")
    with pytest.raises(publish.PublishError, match="no build older"):
        publish.rollback(site)


def test_publish_to_another_site_copies_the_served_build_and_swaps_it_in(tmp_path: Path) -> None:
    site, other = tmp_path / "site", tmp_path / "origin-b" / "site"
    with pytest.raises(publish.PublishError, match="no published build"):
        publish.copy_to(site, other)
    fake_build(site, "20261101T000000Z-aaaaaa", b"one")
    (publish.builds_dir(site) / "20261101T000000Z-aaaaaa" / "history").mkdir()
    (publish.builds_dir(site) / "20261101T000000Z-aaaaaa" / "history" / "x.jsonl").write_bytes(b"x")
    publish.swap(site, "20261101T000000Z-aaaaaa")
    assert publish.copy_to(site, other) == "20261101T000000Z-aaaaaa"
    assert (other / "data.txt").read_bytes() == b"one" and (other / "history" / "x.jsonl").read_bytes() == b"x"
    assert publish.current_build(other) == "20261101T000000Z-aaaaaa"
    assert publish.copy_to(site, other) == "20261101T000000Z-aaaaaa"  # again: only swaps
    with pytest.raises(publish.PublishError, match="being published"):
        publish.copy_to(site, site)


def test_a_publish_while_the_destination_is_served_never_shows_a_half_tree(tmp_path: Path) -> None:
    """A reader that resolves the destination as the server does (server/site.py: the symlink, once)
    while builds of 300 files each are published to it, again and again: every tree it finds is whole."""
    import threading

    site, other = tmp_path / "site", tmp_path / "b" / "site"
    files = 300
    seen: list[str] = []
    problems: list[str] = []
    done = threading.Event()

    def reader() -> None:
        while not done.is_set():
            if not other.is_symlink():
                continue
            root = other.resolve(strict=True)
            contents = {(root / f"f{i}").read_bytes() for i in range(files)}
            if not (root / BUILD_INFO).exists() or len(contents) != 1:
                problems.append(f"{root.name}: {len(contents)} versions, build.json {(root / BUILD_INFO).exists()}")
            seen.append(root.name)

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for n in range(8):
            build_id = f"2026110{n}T000000Z-aaaaaa"
            root = publish.prepare(site, build_id)
            for i in range(files):
                (root / f"f{i}").write_bytes(b"build %d" % n)
            (root / BUILD_INFO).write_text("{}")
            publish.swap(site, build_id)
            assert publish.copy_to(site, other) == build_id
    finally:
        done.set()
        thread.join()
    assert problems == []
    assert len(set(seen)) > 1  # the reader did see the tree change under it
    assert len(publish.complete_builds(other)) == publish.KEEP  # older copies pruned, as after a build


def test_the_build_lock_is_held_across_processes_and_freed_when_its_holder_dies(tmp_path: Path) -> None:
    site = tmp_path / "site"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from build import publish\n"
            "with publish.exclusive(Path(sys.argv[1])):\n print('held', flush=True); time.sleep(60)",
            str(site),
        ],
        stdout=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        with pytest.raises(publish.PublishError, match="another build or publish"), publish.exclusive(site):
            pass
    finally:
        holder.kill()  # a killed build: the kernel releases its lock
        holder.communicate()
    with publish.exclusive(site):
        assert (publish.builds_dir(site) / ".lock").is_file()

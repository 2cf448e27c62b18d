"""The distribution installs next to anything: `feeds` works with PyPA's `build` in the same venv.

Our code imports its packages as `build.x`, `server.x`, ... and PyPA's packaging frontend is also a
top-level `build`. The wheel therefore ships a single top-level package, `ai_feeds`, with the
application's folders (and `templates/`) under it, and the `feeds` script (`ai_feeds:main`) puts
that folder first on `sys.path` in its own process only (see ai_feeds/__init__.py).

These tests build the real wheel and the real editable wheel with PyPA's `build` (through the
project's own build backend, hatchling), install each with pip into a throwaway venv in which PyPA's
`build` is installed too, and run `feeds` there from an unrelated directory, so nothing of the
checkout leaks in through the working directory. Nothing touches the network: both wheels are
installed with `--no-deps --no-index`, PyPA's `build` is installed by copying the files its own
installation recorded in the dev venv, and the other dependencies are seen through a `.pth` line
pointing at the dev venv's site-packages (a plain path line: the dev venv's own `.pth` files, such
as its editable install of this repository, are not processed).
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
APP_FOLDERS = ("feeds", "collectors", "build", "server", "templates")
DEV_PURELIB = Path(sysconfig.get_paths()["purelib"])

# Builds through PyPA's `build` API in a child process: in this (pytest) process `import build` is
# the application's own package, put first on sys.path by pytest. `-P` keeps the child's working
# directory off sys.path for the same reason.
BUILD_SCRIPT = """
import sys
from build import ProjectBuilder
from pyproject_hooks import quiet_subprocess_runner

builder = ProjectBuilder(sys.argv[1], runner=quiet_subprocess_runner)
missing = builder.check_dependencies("wheel")
assert not missing, f"build requirements missing in the dev venv (run `make install`): {missing}"
print(builder.build("wheel", sys.argv[2]))
print(builder.build("editable", sys.argv[3]))
"""
# Not `check_dependencies("editable")`: hatchling always asks for `editables` there, which only its
# import-hook mode uses; with `dev-mode-dirs` the editable wheel is a plain `.pth` line.


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH or venv of ours, no FEEDS_* settings of the
    developer, no pip configuration (which could name an index) and no prompts."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSAFEPATH", "VIRTUAL_ENV")
        and not k.startswith(("FEEDS_", "PIP_"))
    }
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1", PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.update(extra)
    return env


def run(command: Sequence[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Runs `command`, fails the test with its output unless it exits 0, returns its stdout."""
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env or clean_env(), capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, (
        f"{' '.join(map(str, command))} exited {done.returncode}\n"
        f"--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}"
    )
    return done.stdout


@dataclass(frozen=True)
class Wheels:
    wheel: Path
    editable: Path


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Wheels:
    out = tmp_path_factory.mktemp("wheels")
    (out / "wheel").mkdir()
    (out / "editable").mkdir()
    lines = run([sys.executable, "-P", "-c", BUILD_SCRIPT, REPO, out / "wheel", out / "editable"], cwd=out)
    wheel, editable = (Path(line) for line in lines.split())
    return Wheels(wheel, editable)


@dataclass(frozen=True)
class Venv:
    root: Path
    purelib: Path

    @property
    def python(self) -> Path:
        return self.root / "bin" / "python"

    @property
    def feeds(self) -> Path:
        return self.root / "bin" / "feeds"


def venv_with_pypa_build(root: Path, wheel: Path) -> Venv:
    """A fresh venv with `wheel` installed by pip, then PyPA's `build` installed beside it, then the
    dev venv's site-packages visible (last on sys.path) for the remaining dependencies."""
    run([sys.executable, "-m", "venv", "--without-pip", root], cwd=root.parent)
    python = root / "bin" / "python"
    purelib = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=root).strip())
    # The dev venv's pip, driving the new interpreter: the same install as `pip install` inside it.
    run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel],
        cwd=root,
    )

    pypa_build = importlib.metadata.distribution("build")
    assert pypa_build.files, "PyPA's build is not installed in the dev venv: run `make install`"
    copied = 0
    for file in pypa_build.files:
        source = Path(str(pypa_build.locate_file(file))).resolve()
        if source.is_relative_to(DEV_PURELIB.resolve()) and source.is_file():
            target = purelib / source.relative_to(DEV_PURELIB.resolve())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
            copied += 1
    assert (purelib / "build" / "__main__.py").is_file() and copied > 5

    (purelib / "zz_dev_venv_dependencies.pth").write_text(f"{DEV_PURELIB}\n")
    return Venv(root, purelib)


def import_build_file(venv: Venv, cwd: Path) -> Path:
    return Path(run([venv.python, "-c", "import build; print(build.__file__)"], cwd=cwd).strip())


def test_the_wheel_ships_one_top_level_package_with_the_app_and_its_templates(wheels: Wheels) -> None:
    with zipfile.ZipFile(wheels.wheel) as wheel:
        names = wheel.namelist()
        entry_points = wheel.read("ai_feeds-0.1.0.dist-info/entry_points.txt").decode()

    assert {name.split("/")[0] for name in names} == {"ai_feeds", "ai_feeds-0.1.0.dist-info"}
    for folder in ("build", "server", "collectors", "feeds", "templates"):
        assert not any(name.startswith(f"{folder}/") for name in names), folder
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert {"ai_feeds/__init__.py", "ai_feeds/__main__.py"} <= set(names)

    # Every file of the application's folders (code, templates, data files such as the pricing seed
    # list and the badge font table) is in the wheel, under ai_feeds/.
    expected = {
        f"ai_feeds/{path.relative_to(REPO).as_posix()}"
        for folder in APP_FOLDERS
        for path in (REPO / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    assert "ai_feeds/templates/base.html" in expected
    assert "ai_feeds/collectors/pricing_seed.txt" in expected
    assert expected - set(names) == set()

    assert "feeds = ai_feeds:main" in entry_points


def test_the_wheel_works_next_to_pypa_build(wheels: Wheels, tmp_path: Path) -> None:
    venv = venv_with_pypa_build(tmp_path / "venv", wheels.wheel)
    work = tmp_path / "work"  # an unrelated working directory
    work.mkdir()

    # Everyone else in the venv gets PyPA's build, the real one, working.
    assert import_build_file(venv, work) == venv.purelib / "build" / "__init__.py"
    assert run([venv.python, "-m", "build", "--version"], cwd=work).startswith("build ")

    assert "backfill" in run([venv.feeds, "--help"], cwd=work)
    assert "backfill" in run([venv.python, "-m", "ai_feeds", "--help"], cwd=work)

    # Inside the feeds process, `build` is ours, from the installed wheel, with its templates.
    where = run(
        [
            venv.python,
            "-c",
            "import ai_feeds; ai_feeds.activate(); import build.templating as t; print(t.__file__); print(t.TEMPLATES)",
        ],
        cwd=work,
    ).split()
    assert Path(where[0]) == venv.purelib / "ai_feeds" / "build" / "templating.py"
    assert Path(where[1]) == venv.purelib / "ai_feeds" / "templates"

    env = clean_env(FEEDS_DATA_DIR=str(tmp_path / "var"), FEEDS_SITE_DIR=str(tmp_path / "site"))
    run([venv.feeds, "backfill", "--days", "2", "--offline", "--feed", "mcp-servers"], cwd=work, env=env)
    run([venv.feeds, "build"], cwd=work, env=env)
    site = tmp_path / "site"
    assert (site / "build.json").is_file()
    assert "<html" in (site / "pages" / "index.html").read_text()  # rendered from the shipped templates
    assert any((site / "api" / "feeds" / "mcp-servers").iterdir())
    assert not any(work.iterdir())


def test_the_editable_install_works_next_to_pypa_build(wheels: Wheels, tmp_path: Path) -> None:
    venv = venv_with_pypa_build(tmp_path / "venv", wheels.editable)
    work = tmp_path / "work"
    work.mkdir()

    # The editable install puts the repository on sys.path, after site-packages: PyPA's build wins
    # for everyone else ...
    assert (venv.purelib / "_ai_feeds.pth").read_text().split() == [str(REPO)]
    assert import_build_file(venv, work) == venv.purelib / "build" / "__init__.py"
    assert run([venv.python, "-m", "build", "--version"], cwd=work).startswith("build ")

    # ... and `feeds` runs the checkout's code, `build` included.
    assert "backfill" in run([venv.feeds, "--help"], cwd=work)
    assert "backfill" in run([venv.python, "-m", "ai_feeds", "--help"], cwd=work)
    script = "import ai_feeds; ai_feeds.activate(); import build.templating as t; print(t.__file__)"
    where = run([venv.python, "-c", script], cwd=work)
    assert Path(where.strip()) == REPO / "build" / "templating.py"

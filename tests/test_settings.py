from pathlib import Path

import pytest

from feeds.cli_settings import markdown_table
from feeds.settings import SETTINGS, Settings, SettingsError

README = Path(__file__).parent.parent / "README.md"


def test_every_setting_is_documented_in_the_readme() -> None:
    text = README.read_text()
    missing = [s.name for s in SETTINGS if f"`{s.name}`" not in text]
    assert missing == []


def test_the_readme_table_is_the_generated_one() -> None:
    """Regenerate with `feeds settings --markdown`: a hand edit (a default, a secret shown) would drift."""
    text = README.read_text()
    start = text.index("\n", text.index("<!-- settings:start")) + 1
    assert text[start : text.index("<!-- settings:end -->")].strip() == markdown_table()


def test_defaults_and_types() -> None:
    s = Settings(env={})
    assert s.feeds_data_dir == Path("var")
    assert s.feeds_http_retries == 4
    assert s.feeds_offline is False


def test_values_come_from_the_environment() -> None:
    s = Settings(env={"FEEDS_OFFLINE": "yes", "FEEDS_SIM_REPOS": "12"})
    assert s.feeds_offline is True
    assert s.feeds_sim_repos == 12


@pytest.mark.parametrize("name,value", [("FEEDS_SIM_REPOS", "many"), ("FEEDS_OFFLINE", "maybe")])
def test_bad_values_fail_loudly(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings(env={name: value})


def test_settings_are_read_only() -> None:
    s = Settings(env={})
    with pytest.raises(AttributeError):
        s.feeds_seed = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = s.no_such_setting

"""The agent's memory connection says where the user is: the settings' time zone and region reach the
memory server (stdio: its environment; HTTP: the X-Hindsight-Time-Zone / -Region headers, only when set,
so that an unset zone leaves the user's stored locality to decide), so a recall's "yesterday" is the user's
yesterday."""

from __future__ import annotations

from pathlib import Path

from hindsight.agent.config import AgentSettings
from hindsight.agent.connection import HttpTarget, StdioTarget
from hindsight.agent.servers import memory_factory
from hindsight.settings import Settings


def test_over_http_the_headers_say_the_zone_and_the_region(tmp_path: Path) -> None:
    core = Settings(home=tmp_path, time_zone="Asia/Shanghai", region="CN")
    agent = AgentSettings(memory_url="http://127.0.0.1:9/mcp")
    target = memory_factory(agent, core, "li", "s1")().target
    assert isinstance(target, HttpTarget)
    assert target.headers["X-Hindsight-Time-Zone"] == "Asia/Shanghai"
    assert target.headers["X-Hindsight-Region"] == "CN"


def test_over_http_an_unset_zone_is_not_said_so_the_user_s_stored_one_decides(tmp_path: Path) -> None:
    agent = AgentSettings(memory_url="http://127.0.0.1:9/mcp")
    target = memory_factory(agent, Settings(home=tmp_path), "li", "s1")().target
    assert isinstance(target, HttpTarget)
    assert "X-Hindsight-Time-Zone" not in target.headers and "X-Hindsight-Region" not in target.headers
    utc = memory_factory(agent, Settings(home=tmp_path, time_zone="UTC"), "li", "s1")().target
    assert isinstance(utc, HttpTarget) and utc.headers["X-Hindsight-Time-Zone"] == "UTC", "said: sent"


def test_over_stdio_the_server_s_environment_says_them(tmp_path: Path) -> None:
    core = Settings(home=tmp_path, time_zone="+08:00")
    target = memory_factory(AgentSettings(), core, "li", "s1")().target
    assert isinstance(target, StdioTarget)
    assert target.env["HINDSIGHT_TIME_ZONE"] == "UTC+08:00" and "HINDSIGHT_REGION" not in target.env
    assert Settings(home=tmp_path, time_zone=target.env["HINDSIGHT_TIME_ZONE"]).time_zone == "UTC+08:00"

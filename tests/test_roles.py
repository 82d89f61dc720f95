"""A turn's role is a side of the conversation (user, assistant, tool); a participant's name is
its speaker. "bogus" is refused on every surface instead of being stored as "bogus: ..."."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from hindsight import Memory, Settings
from hindsight.cli import cli
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import InvalidInput
from hindsight.ids import turn_record_id
from hindsight.server.http import create_app


@pytest.fixture
def memory(tmp_path: Path):
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as mem:
        yield mem


def test_a_role_that_is_no_side_is_refused_and_nothing_is_kept(memory: Memory) -> None:
    with pytest.raises(InvalidInput, match="role must be one of user, assistant, tool"):
        memory.observe("u", "s", "bogus", "My order SF123456 has not arrived")
    assert memory.working("u", "s") == [] and memory.memories("u") == []


def test_a_speaker_names_the_turn_and_a_tools_turn_stays_the_tools(memory: Memory) -> None:
    memory.observe("u", "s", "user", "I went to a pottery class on Friday", turn_id="t1", speaker="Caroline")
    memory.observe("u", "s", "tool", "query_order(SF1) -> delivered", turn_id="t2", speaker="order-api")
    assert memory.get(turn_record_id("u", "t1")).role == "Caroline"
    assert [turn.role for turn in memory.working("u", "s")] == ["Caroline", "tool"]
    with pytest.raises(InvalidInput, match="speaker"):
        memory.observe("u", "s", "user", "hello there, a fine day", speaker="x" * 65)


def test_http_and_cli_refuse_a_bogus_role_and_take_a_speaker(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash")
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as http:
        bad = http.post(
            "/v1/observe", json={"user_id": "u", "session_id": "s", "role": "bogus", "text": "hi"}
        )
        assert bad.status_code == 422 and "role" in bad.json()["detail"]
        spec = http.get("/openapi.json").json()["components"]["schemas"]["ObserveIn"]["properties"]
        assert set(spec["role"]["enum"]) == {"user", "assistant", "tool"}
        good = http.post(
            "/v1/observe",
            json={
                "user_id": "u",
                "session_id": "s",
                "role": "user",
                "speaker": "Melanie",
                "text": "My locker is number 4410",
                "turn_id": "t9",
            },
        )
        assert good.status_code == 200, good.text
    cli_home = ["--home", str(tmp_path), "--embedder", "hash"]
    refused = CliRunner().invoke(cli, [*cli_home, "observe", "u", "s", "bogus", "hi"])
    assert refused.exit_code == 2 and "bogus" in refused.output
    named = CliRunner().invoke(
        cli, [*cli_home, "observe", "u", "s", "user", "I moved to Porto", "--speaker", "Ana"]
    )
    assert named.exit_code == 0, named.output
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        assert memory.get(turn_record_id("u", "t9")).role == "Melanie"
        assert "Ana" in [turn.role for turn in memory.working("u", "s")]

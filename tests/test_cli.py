"""The CLI, in process (click's CliRunner): each command, and clear errors instead of tracebacks."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hindsight.cli import cli


def invoke(home: Path, *args: str, embedder: str = "hash") -> Result:
    return CliRunner().invoke(
        cli, ["--home", str(home), "--embedder", embedder, *args], catch_exceptions=False
    )


def test_remember_recall_dump_round_trip(tmp_path: Path) -> None:
    result = invoke(
        tmp_path,
        "remember",
        "alice",
        "Alice always orders oat milk",
        "--tier",
        "long",
        "--kind",
        "preference",
        "--entity",
        "drink=oat milk",
        "--importance",
        "0.9",
    )
    assert result.exit_code == 0, result.output
    assert "long-term preference" in result.output
    invoke(tmp_path, "remember", "bob", "Bob orders espresso")

    recalled = invoke(tmp_path, "recall", "alice", "oat milk", "--explain")
    assert recalled.exit_code == 0
    assert "1. [long] Alice always orders oat milk" in recalled.output
    assert "why: fused" in recalled.output and "keyword" in recalled.output and "semantic" in recalled.output
    assert "espresso" not in recalled.output

    as_json = json.loads(invoke(tmp_path, "recall", "alice", "oat milk", "--json").output)
    assert as_json["hits"][0]["record"]["entities"] == {"drink": "oat milk"}
    assert set(as_json["timings_ms"]) >= {"embed", "semantic", "keyword"}

    dumped = invoke(tmp_path, "dump", "alice").output
    assert "long-term (1)" in dumped and "Alice always orders oat milk" in dumped and "espresso" not in dumped


def test_recall_reads_a_time_on_the_user_s_clock(tmp_path: Path) -> None:
    invoke(tmp_path, "remember", "u", "the parcel came today")
    args = ("recall", "u", "what came today", "--now", "2030-01-01T01:30:00", "--explain")
    assert "'today' = 2030-01-01..2030-01-02" in invoke(tmp_path, *args).output
    local = invoke(tmp_path, *args, "--time-zone", "America/New_York", "--region", "us").output
    assert "'today' = 2029-12-31..2030-01-01" in local and "(America/New_York, region US)" in local


def test_a_user_s_stored_locality_is_set_shown_used_and_cleared(tmp_path: Path) -> None:
    assert "nothing stored for u" in invoke(tmp_path, "locality", "u").output
    assert (
        "u: time zone America/New_York, region US"
        in invoke(tmp_path, "locality", "u", "--time-zone", "America/New_York").output
    )
    shown = json.loads(invoke(tmp_path, "locality", "u", "--json").output)
    assert (shown["stored"], shown["time_zone"], shown["region"]) == (True, "America/New_York", None)
    invoke(tmp_path, "remember", "u", "the parcel came today")
    args = ("recall", "u", "what came today", "--now", "2030-01-01T01:30:00", "--explain")
    local = invoke(tmp_path, *args).output
    assert "'today' = 2029-12-31..2030-01-01" in local and "(America/New_York, region US)" in local
    assert "(UTC, region GB)" in invoke(tmp_path, *args, "--time-zone", "UTC", "--region", "GB").output
    assert invoke(tmp_path, "locality", "u", "--clear", "--region", "GB").exit_code == 2
    assert "nothing stored for u" in invoke(tmp_path, "locality", "u", "--clear").output
    assert "'today' = 2030-01-01..2030-01-02" in invoke(tmp_path, *args).output
    said = (
        "remember",
        "u",
        "明天下午三点去看牙医",
        "--time",
        "2026-12-05T23:30:00",
        "--time-zone",
        "Asia/Shanghai",
    )
    record_id = invoke(tmp_path, *said).output.split()[1]
    assert json.loads(invoke(tmp_path, "get", record_id).output)["entities"]["relative_date"] == "2026-12-07"
    assert invoke(tmp_path, "observe", "u", "s1", "user", "明天到", "--region", "Narnia").exit_code == 2
    said = "明天下午三点我要去看牙医，在人民路的诊所"
    dentist = ("observe", "u", "s2", "user", said, "--time", "2026-12-05T23:30:00")
    assert invoke(tmp_path, *dentist).exit_code == 0
    reply = ("observe", "u", "s2", "assistant", "好的，祝顺利。", "--time", "2026-12-05T23:30:00")
    assert invoke(tmp_path, *reply).exit_code == 0
    assert invoke(tmp_path, "end-session", "u", "s2", "--time-zone", "Mars/Base").exit_code == 2
    assert "wrote 1 memories" in invoke(tmp_path, "end-session", "u", "s2", "--time-zone", "+08:00").output
    dated = [json.loads(line) for line in invoke(tmp_path, "dump", "u", "--json").output.splitlines()]
    assert [r["entities"]["relative_date"] for r in dated if r["kind"] == "summary"] == ["2026-12-07"]


def test_get_promote_demote_forget(tmp_path: Path) -> None:
    invoke(tmp_path, "remember", "u", "the meeting room is B-204")
    record_id = json.loads(invoke(tmp_path, "recall", "u", "meeting room", "--json").output)["hits"][0][
        "record"
    ]["id"]
    assert json.loads(invoke(tmp_path, "get", record_id).output)["tier"] == "short"
    assert "promoted" in invoke(tmp_path, "promote", record_id).output
    assert json.loads(invoke(tmp_path, "get", record_id).output)["tier"] == "long"
    assert "demoted" in invoke(tmp_path, "demote", record_id).output
    assert "forgot" in invoke(tmp_path, "forget", record_id).output
    assert "nothing recalled" in invoke(tmp_path, "recall", "u", "meeting room").output


@pytest.mark.parametrize(
    ("args", "message", "code"),
    [
        (("remember", "u", "   "), "text is empty", 2),
        (("recall", "u", ""), "query is empty", 2),
        (("get", "does-not-exist"), "no memory with id 'does-not-exist'", 3),
        (("forget", "does-not-exist"), "no memory with id", 3),
        (("recall", "u", "x", "--now", "not-a-date"), "ISO 8601", 2),
        (("recall", "u", "x", "--time-zone", "Mars/Olympus"), "no IANA time zone", 2),
        (("recall", "u", "x", "--region", "Narnia"), "ISO 3166-1", 2),
        (("locality", "u", "--time-zone", "Beijing"), "no IANA time zone", 2),
        (("locality", "u", "--region", "Narnia"), "ISO 3166-1", 2),
    ],
)
def test_bad_input_is_one_clear_line_not_a_traceback(
    tmp_path: Path, args: tuple[str, ...], message: str, code: int
) -> None:
    result = invoke(tmp_path, *args)
    assert result.exit_code == code  # the error table's: 2 the input, 3 not found
    assert message in result.output
    assert "Traceback" not in result.output


def test_entity_option_must_be_type_equals_value(tmp_path: Path) -> None:
    result = invoke(tmp_path, "remember", "u", "text here", "--entity", "no-equals-sign")
    assert result.exit_code == 2 and "TYPE=VALUE" in result.output


def test_a_database_path_that_cannot_be_written(tmp_path: Path) -> None:
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    result = invoke(blocker / "sub", "remember", "u", "hello there")
    assert result.exit_code == 4  # the error table's: the store is unavailable
    assert "cannot open the store" in result.output and "Traceback" not in result.output


def _write_bench(path: Path) -> None:
    haystack = {
        "id": "h1",
        "lang": "en",
        "items": [
            {
                "id": "i1",
                "text": "I adopted a grey cat named Miso",
                "speaker": "Ann",
                "time": "2024-01-01T10:00:00",
                "session": "S1",
            },
            {
                "id": "i2",
                "text": "Work has been busy with the audit",
                "speaker": "Ann",
                "time": "2024-01-01T10:01:00",
                "session": "S1",
            },
            {
                "id": "i3",
                "text": "We hiked up Mount Tam on Sunday",
                "speaker": "Ann",
                "time": "2024-01-08T09:00:00",
                "session": "S2",
            },
        ],
        "questions": [
            {
                "id": "q1",
                "question": "What is the name of Ann's cat?",
                "evidence": ["i1"],
                "category": "single-hop",
                "time": "2024-02-01T00:00:00",
            },
            {
                "id": "q2",
                "question": "Where did Ann hike?",
                "evidence": ["i3"],
                "category": "single-hop",
                "context": ["Ann: I love the outdoors"],
            },
            {"id": "q3", "question": "unanswerable", "evidence": [], "category": "adversarial"},
        ],
    }
    path.write_text(json.dumps(haystack) + "\n", encoding="utf-8")


def test_bench_scores_a_file_and_writes_runs(tmp_path: Path) -> None:
    data = tmp_path / "tiny.jsonl"
    _write_bench(data)
    runs = tmp_path / "runs.jsonl"
    summary = tmp_path / "summary.json"
    result = CliRunner().invoke(
        cli,
        [
            "--embedder",
            "hash",
            "bench",
            str(data),
            "--k",
            "1,3",
            "--runs-out",
            str(runs),
            "--json-out",
            str(summary),
            "--no-progress",
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert "| single-hop | 2 |" in result.output and "ev@3" in result.output
    assert "unscored, no evidence: 1" in result.output
    lines = [json.loads(line) for line in runs.read_text().splitlines()]
    assert [line["qid"] for line in lines] == ["q1", "q2", "q3"]
    # The ranking as recalled: the items that matched something (a hit scoring 0 is left out).
    assert lines[0]["ranked"] and set(lines[0]["ranked"]) <= {"i1", "i2", "i3"}
    scores = json.loads(summary.read_text())[0]["scores"]
    assert scores["all"]["ev@3"] == 1.0
    assert scores["single-hop"]["n"] == 2


def test_bench_measures_several_profiles_on_one_ingest(tmp_path: Path) -> None:
    data = tmp_path / "tiny.jsonl"
    _write_bench(data)
    summary = tmp_path / "summary.json"
    args = ["--embedder", "hash", "bench", str(data), "--k", "3", "--no-progress", "--json-out", str(summary)]
    result = CliRunner().invoke(cli, [*args, "--profile", "semantic_only,keyword_only"])
    assert result.exit_code == 0, result.output
    rows = json.loads(summary.read_text())
    assert [row["profile"] for row in rows] == ["semantic_only", "keyword_only"]
    assert all(row["questions"] == 3 for row in rows)
    bad = CliRunner().invoke(cli, [*args, "--profile", "default,nope"])
    assert bad.exit_code == 2 and "unknown recall profile 'nope'" in bad.output


def test_bench_refuses_one_home_for_several_files(tmp_path: Path) -> None:
    # two files whose haystacks share an id would mix their users' memories in one store
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write_bench(first)
    _write_bench(second)
    args = ["--home", str(tmp_path / "home"), "--embedder", "hash", "bench", str(first), str(second)]
    result = CliRunner().invoke(cli, [*args, "--no-progress"])
    assert result.exit_code == 2 and "bench one file per --home" in result.output
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").iterdir())
    alone = CliRunner().invoke(cli, [*args[:-1], "--k", "3", "--no-progress"])
    assert alone.exit_code == 0, alone.output


def test_bench_leaves_a_configured_store_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A bench's haystack users ("u1") must not land in a real store: nothing listens on these ports,
    # so the run passes only if it never opens them.
    data = tmp_path / "tiny.jsonl"
    _write_bench(data)
    monkeypatch.setenv("HINDSIGHT_STORE", "postgresql://127.0.0.1:9/nowhere")
    monkeypatch.setenv("HINDSIGHT_STATE", "redis://127.0.0.1:9/0")
    result = CliRunner().invoke(cli, ["--embedder", "hash", "bench", str(data), "--k", "3", "--no-progress"])
    assert result.exit_code == 0, result.output
    configured = "postgresql://127.0.0.1:9/nowhere, redis://127.0.0.1:9/0"
    assert f"the configured {configured} is not touched" in result.output
    assert "questions" in result.output


def test_bench_limit_asks_only_the_first_questions(tmp_path: Path) -> None:
    data = tmp_path / "tiny.jsonl"
    _write_bench(data)
    result = CliRunner().invoke(
        cli, ["--embedder", "hash", "bench", str(data), "--limit", "1", "--no-progress"]
    )
    assert result.exit_code == 0 and "questions 1 " in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("this is not json\n", "line 1: not JSON"),
        ('{"id": "h", "questions": []}\n', "missing field 'items'"),
        ("", "no haystacks"),
    ],
)
def test_bench_refuses_a_file_that_is_not_the_format(tmp_path: Path, content: str, message: str) -> None:
    data = tmp_path / "bad.jsonl"
    data.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(cli, ["--embedder", "hash", "bench", str(data), "--no-progress"])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_bench_rejects_bad_cutoffs(tmp_path: Path) -> None:
    data = tmp_path / "tiny.jsonl"
    _write_bench(data)
    result = CliRunner().invoke(cli, ["--embedder", "hash", "bench", str(data), "--k", "0,x"])
    assert result.exit_code == 2 and "positive integers" in result.output


@pytest.mark.model
def test_demo_recalls_the_right_memories_offline() -> None:
    result = CliRunner().invoke(cli, ["demo"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    blocks = result.output.split("asks: ")

    def first_hit(query: str) -> str:
        block = next(b for b in blocks if b.startswith(query))
        return block.split("-> ", 1)[1].splitlines()[0]

    assert "SF123456" in first_hit("我那个耳机订单到哪了")
    assert "美式咖啡" in first_hit("美式咖啡")
    assert "顺丰" in first_hit("用什么快递")
    assert "peanuts" in first_hit("any food allergies")
    assert "LH 2471" in first_hit("LH 2471")
    assert "cello" in first_hit("what instrument")
    isolation = next(b for b in blocks if b.startswith("耳机订单")).split("3. What")[0]
    hits = [line for line in isolation.splitlines() if "-> " in line]
    assert hits and not any("SF123456" in line or "耳机" in line for line in hits)
    assert "[score] ranks the hits of one recall" in result.output  # what the numbers mean


def test_serve_listens_where_it_is_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # What it says once ready (and the open-server warning) is tests/test_banner.py's.
    started: list[tuple[str, int]] = []
    monkeypatch.setattr(
        "hindsight.server.http.serve", lambda settings, host, port: started.append((host, port))
    )
    assert invoke(tmp_path, "serve", "--port", "9001").exit_code == 0
    assert invoke(tmp_path, "serve", "--host", "0.0.0.0", "--port", "9002").exit_code == 0
    assert started == [("127.0.0.1", 9001), ("0.0.0.0", 9002)]
    refused = invoke(tmp_path, "serve", "--port", "70000")
    assert refused.exit_code == 2 and "70000" in refused.output


@pytest.mark.parametrize(
    "args",
    [
        ("remember", "u", "bytes that are not UTF-8: \udcff\udcfe"),
        ("recall", "u", "\udcc3("),
        ("remember", "\udcff-user", "a fine text"),
        ("remember", "u", "a NUL \x00 inside"),
    ],
)
def test_text_that_is_not_valid_utf8_is_one_clear_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = invoke(tmp_path, *args)
    assert result.exit_code == 2, result.output
    assert "not valid text" in result.output or "NUL" in result.output
    assert "Traceback" not in result.output and "surrogates not allowed" not in result.output


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (
            {"HINDSIGHT_EMBEDDER": "bogus"},
            "HINDSIGHT_EMBEDDER='bogus': expected 'e5', 'use', 'minilm', 'openai' or 'hash'",
        ),
        (
            {"HINDSIGHT_API_KEYS": "secret"},
            "HINDSIGHT_API_KEYS, entry 1: an API key must be at least 8 characters",
        ),
        ({"HINDSIGHT_API_KEYS": "=acme,,"}, "HINDSIGHT_API_KEYS, entry 1: an API key must be at least 8"),
        ({"HINDSIGHT_API_KEYS": "long-enough-key=a::b"}, "the tenant 'a::b' must be letters"),
        ({"HINDSIGHT_WORKER": "sometimes"}, "HINDSIGHT_WORKER='sometimes': expected 'inline' or 'external'"),
    ],
)
def test_a_bad_setting_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], message: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(cli, ["--home", str(tmp_path), "serve", "--port", "1"])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert (
        "Traceback" not in result.output and "pydantic" not in result.output and "http" not in result.output
    )


def test_a_dash_reads_the_text_from_stdin_and_dump_json_lists_every_record(tmp_path: Path) -> None:
    long_text = "Our office moved to the third floor of the Harbour Building. " * 40
    stored = CliRunner().invoke(
        cli, ["--home", str(tmp_path), "--embedder", "hash", "remember", "u", "-"], input=long_text
    )
    assert stored.exit_code == 0, stored.output
    found = CliRunner().invoke(
        cli,
        ["--home", str(tmp_path), "--embedder", "hash", "recall", "u", "-", "--json"],
        input="Harbour Building floor\n",
    )
    assert (
        found.exit_code == 0 and "Harbour Building" in json.loads(found.output)["hits"][0]["record"]["text"]
    )
    lines = [json.loads(line) for line in invoke(tmp_path, "dump", "--json").output.splitlines()]
    assert [(line["tenant"], line["user_id"], line["text"]) for line in lines] == [
        ("default", "u", long_text.strip())
    ]
    assert [
        json.loads(line)["id"] for line in invoke(tmp_path, "dump", "u", "--json").output.splitlines()
    ] == [lines[0]["id"]]


def test_the_short_ids_dump_and_recall_print_are_accepted(tmp_path: Path) -> None:
    added = invoke(tmp_path, "remember", "u", "the meeting room is on the fourth floor")
    full = added.output.split()[1]
    short = full[:12]  # as dump and recall print it
    assert short in invoke(tmp_path, "dump", "u").output
    assert json.loads(invoke(tmp_path, "get", short).output)["id"] == full
    assert "promoted" in invoke(tmp_path, "promote", short).output
    assert "forgot" in invoke(tmp_path, "forget", short).output
    too_short = invoke(tmp_path, "get", full[:3])
    assert too_short.exit_code == 3 and "no memory with id" in too_short.output


def test_an_ambiguous_short_id_says_so(tmp_path: Path) -> None:
    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder
    from hindsight.models import MemoryRecord
    from tests.stored import put

    with Memory(
        settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder(), background=False
    ) as mem:
        when = datetime(2024, 1, 1)
        put(
            mem,
            *(
                MemoryRecord(rid, "u", "short", "fact", rid, when, when, when)
                for rid in ("abcdef01", "abcdef02")
            ),
        )
    result = invoke(tmp_path, "get", "abcdef")
    assert result.exit_code == 2 and "is the start of more than one memory's id" in result.output
    assert json.loads(invoke(tmp_path, "get", "abcdef02").output)["id"] == "abcdef02"

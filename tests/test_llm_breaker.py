"""The pause after an LLM endpoint fails several times in a row (llm_breaker.py): calls are skipped
for a while, the pause doubles while the endpoint keeps failing, a call that gets through closes it,
and an answer that is not the JSON asked for does not count."""

from __future__ import annotations

from pathlib import Path

import pytest

from hindsight import Memory, Settings
from hindsight.llm import ChatClient, LLMError, ask_json
from hindsight.llm_breaker import FIRST_PAUSE_S, LONGEST_PAUSE_S, OPEN_AFTER, Breaker
from hindsight.write.extract import RuleExtractor
from tests.fake_llm import FakeLLM, Reply

MESSAGES = [{"role": "user", "content": "hi"}]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_calls_pause_after_failures_in_a_row_and_the_pause_doubles() -> None:
    clock = Clock()
    breaker = Breaker(clock)
    for _ in range(OPEN_AFTER - 1):
        breaker.failed("endpoint answered HTTP 500")
    assert breaker.skipped() is None
    breaker.failed("endpoint answered HTTP 500")
    why = breaker.skipped()
    assert why is not None and f"{OPEN_AFTER} failures in a row" in why and "HTTP 500" in why
    clock.now += FIRST_PAUSE_S
    assert breaker.skipped() is None  # one call may try
    breaker.failed("endpoint unreachable: timed out")
    clock.now += FIRST_PAUSE_S
    assert breaker.skipped() is not None  # the second pause is twice as long
    clock.now += FIRST_PAUSE_S
    assert breaker.skipped() is None
    for _ in range(20):
        breaker.failed("endpoint unreachable: timed out")
    clock.now += LONGEST_PAUSE_S - 1
    assert breaker.skipped() is not None
    clock.now += 1
    assert breaker.skipped() is None  # never longer than the longest pause


def test_a_call_that_gets_through_closes_it() -> None:
    clock = Clock()
    breaker = Breaker(clock)
    for _ in range(OPEN_AFTER):
        breaker.failed("endpoint answered HTTP 503")
    clock.now += FIRST_PAUSE_S
    breaker.succeeded()
    breaker.failed("endpoint answered HTTP 503")
    assert breaker.skipped() is None  # counting starts again


def test_a_failing_endpoint_is_not_called_during_the_pause(fake_llm: tuple[FakeLLM, str]) -> None:
    fake, url = fake_llm
    fake.default = Reply(status=500, raw='{"error": "down"}')
    client = ChatClient(url, "fake", timeout_s=5.0)
    clock = Clock()
    client.breaker = Breaker(clock)
    try:
        for _ in range(OPEN_AFTER):
            with pytest.raises(LLMError, match="HTTP 500"):
                client.complete(MESSAGES)
        with pytest.raises(LLMError, match="skipped"):
            client.complete(MESSAGES)
        assert len(fake.requests) == OPEN_AFTER  # the skipped call never reached it
        clock.now += FIRST_PAUSE_S
        fake.default = Reply("{}")
        assert client.complete(MESSAGES) == "{}"
        assert len(fake.requests) == OPEN_AFTER + 1
        assert client.breaker.skipped() is None
    finally:
        client.close()


def test_answers_that_are_not_the_json_asked_for_do_not_count(fake_llm: tuple[FakeLLM, str]) -> None:
    fake, url = fake_llm
    fake.default = Reply("not json at all")
    client = ChatClient(url, "fake", timeout_s=5.0)
    try:
        for _ in range(OPEN_AFTER):
            answer, error = ask_json(client, MESSAGES, _strict)
            assert answer is None and error
        assert client.breaker.skipped() is None
        assert len(fake.requests) == 2 * OPEN_AFTER  # each asked once more with its error
    finally:
        client.close()


def _strict(content: str) -> str:
    if not content.startswith("{"):
        raise ValueError("not a JSON object")
    return content


def test_a_write_path_with_a_failing_endpoint_stops_calling_it(
    fake_llm: tuple[FakeLLM, str], tmp_path: Path
) -> None:
    fake, url = fake_llm
    fake.default = Reply(status=500, raw='{"error": "the model is down"}')
    settings = Settings(
        home=tmp_path, embedder="hash", recall_cache_ttl_s=0, llm_base_url=url, llm_timeout_s=5.0
    )
    with Memory(settings=settings, extractor=RuleExtractor()) as memory:
        for index, text in enumerate(
            ["I live in Leeds.", "We have two cats.", "My dentist is Dr Okafor.", "I drive a Skoda."] * 3
        ):
            memory.observe("u", "s", "user", text, turn_id=f"t{index}")
        notes = [entry.reason for entry in memory.write_log("u") if entry.action == "llm_fallback"]
        stored = [record for record in memory.records("u") if record.kind == "turn"]
    # the judge asked for the turns after the first: three reached the endpoint, the rest were skipped
    assert len(fake.requests) == OPEN_AFTER
    assert len(notes) == 11 and sum("skipped" in note for note in notes) == 11 - OPEN_AFTER
    assert len(stored) == 12  # nothing lost: the model decided instead

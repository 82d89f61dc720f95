"""The language model: any OpenAI-compatible /chat/completions endpoint, through the official
`openai` client, tool calling included, streamed or not.

Failures are sorted for the loop: ProviderRejected (a 4xx about the request itself — its schema,
a tool definition, a message, the context length; the loop can change the request and try again)
and ModelUnavailable (timeout, unreachable, 5xx, a refused key; the loop can only apologise).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import openai

log = logging.getLogger("hindsight.agent")

RejectedPart = Literal["tools", "messages", "context", "max_tokens", "request"]
DeltaSink = Callable[[str], Awaitable[None]]

_TOOL_INDEX = re.compile(r"tools\[(\d+)\]")
_MESSAGE_INDEX = re.compile(r"messages\[(\d+)\]")
_CONTEXT_WORDS = re.compile(
    r"context[_ ]length|maximum context|context window|too many tokens|prompt is too long"
    r"|exceeds? the (?:model'?s )?context",
    re.IGNORECASE,
)
_TOOL_WORDS = re.compile(r"\btools?\b|function|tool[_ ]?payload|parameters|json schema|schema", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ToolCallRequest:
    id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class ModelReply:
    text: str
    tool_calls: list[ToolCallRequest] = field(default_factory=list)
    finish_reason: str | None = None


class ProviderRejected(Exception):
    """The provider refused the request itself (HTTP 4xx): `part` says which part, as far as its
    message tells; `tool_index` / `message_index` point at the item when it names one."""

    def __init__(
        self,
        status: int,
        message: str,
        part: RejectedPart,
        tool_index: int | None = None,
        message_index: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.part: RejectedPart = part
        self.tool_index = tool_index
        self.message_index = message_index


class ModelUnavailable(Exception):
    """The model could not answer: timeout, unreachable, a server error, a refused key."""


def classify_rejection(status: int, message: str, param: str | None, code: str | None) -> ProviderRejected:
    """Which part of the request a 4xx is about, from its code, `param` and message."""
    where = f"{param or ''} {message}"
    tool = _TOOL_INDEX.search(where)
    msg = _MESSAGE_INDEX.search(where)
    part: RejectedPart
    if code == "context_length_exceeded" or _CONTEXT_WORDS.search(message):
        part = "context"
    elif (param or "").startswith(("max_tokens", "max_completion_tokens")) or "max_tokens" in message:
        part = "max_tokens"
    elif tool or (param or "").startswith(("tools", "tool_choice", "functions")):
        part = "tools"
    elif msg or (param or "").startswith("messages"):
        part = "messages"
    elif _TOOL_WORDS.search(message):
        part = "tools"
    else:
        part = "request"
    return ProviderRejected(
        status,
        message,
        part,
        int(tool.group(1)) if tool else None,
        int(msg.group(1)) if msg else None,
    )


class ChatModel:
    """One model on one endpoint. `complete()` sends a request and returns the reply."""

    def __init__(
        self,
        base_url: str | None,
        model: str,
        api_key: str | None = None,
        *,
        timeout_s: float = 60.0,
        retries: int = 1,
        reply_tokens: int = 1024,
        temperature: float | None = None,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.reply_tokens = reply_tokens
        self.temperature = temperature
        self.timeout_s = timeout_s
        self._max_tokens_param = "max_tokens"
        # A local server wants no key, but the client insists on one: any text will do there.
        self._client = openai.AsyncOpenAI(
            base_url=base_url, api_key=api_key or "no-key", timeout=timeout_s, max_retries=retries
        )

    @property
    def sends_max_tokens(self) -> bool:
        return self._max_tokens_param == "max_tokens"

    def use_max_completion_tokens(self) -> None:
        """Newer OpenAI models refuse max_tokens and want max_completion_tokens."""
        self._max_tokens_param = "max_completion_tokens"

    def payload(self, messages: Sequence[dict[str, Any]], tools: Sequence[dict[str, Any]]) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": list(messages),
            self._max_tokens_param: self.reply_tokens,
        }
        if tools:
            body["tools"] = list(tools)
        if self.temperature is not None:
            body["temperature"] = self.temperature
        return body

    async def complete(
        self,
        messages: Sequence[dict[str, Any]],
        tools: Sequence[dict[str, Any]] = (),
        *,
        on_delta: DeltaSink | None = None,
    ) -> ModelReply:
        """The model's reply; streamed when `on_delta` is given (it gets the text as it comes)."""
        body = self.payload(messages, tools)
        if log.isEnabledFor(logging.DEBUG):  # the seed's first step when a provider refuses
            log.debug("request payload: %s", json.dumps(body, ensure_ascii=False, default=str))
        try:
            if on_delta is None:
                completion = await self._client.chat.completions.create(**body)
                return _reply_of(completion)
            stream = await self._client.chat.completions.create(**body, stream=True)
            return await _collect(stream, on_delta)
        except openai.APITimeoutError:
            raise ModelUnavailable(f"the model did not answer within {self.timeout_s:g} s") from None
        except openai.APIConnectionError as exc:
            raise ModelUnavailable(f"the model at {self._where()} is unreachable ({exc.message})") from None
        except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
            raise ModelUnavailable(
                f"the model at {self._where()} refused the API key (HTTP {exc.status_code})"
            ) from None
        except openai.RateLimitError:
            raise ModelUnavailable("the model is rate-limited (HTTP 429); try again shortly") from None
        except openai.APIStatusError as exc:
            if 400 <= exc.status_code < 500:
                rejected = classify_rejection(exc.status_code, _message_of(exc), exc.param, exc.code)
                log.warning(
                    "the provider rejected the request (HTTP %s, %s): %s",
                    exc.status_code,
                    rejected.part,
                    rejected.message,
                )
                log.debug("rejected payload: %s", json.dumps(body, ensure_ascii=False, default=str))
                raise rejected from None
            raise ModelUnavailable(f"the model failed (HTTP {exc.status_code})") from None
        except openai.OpenAIError as exc:  # a malformed response and the like
            raise ModelUnavailable(f"the model's answer could not be read ({type(exc).__name__})") from None

    def _where(self) -> str:
        return self.base_url or "api.openai.com"

    async def close(self) -> None:
        await self._client.close()


def _message_of(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict) and isinstance(body.get("message"), str):
        return str(body["message"])
    if isinstance(body, str) and body.strip():
        return body.strip()[:500]
    return exc.message


def _reply_of(completion: Any) -> ModelReply:
    if not completion.choices:
        return ModelReply(text="", finish_reason=None)
    choice = completion.choices[0]
    message = choice.message
    calls = [
        # Some local servers leave the id empty; the tool message must still name its call.
        ToolCallRequest(
            id=call.id or f"call_{index}", name=call.function.name, arguments=call.function.arguments or ""
        )
        for index, call in enumerate(message.tool_calls or [])
        if getattr(call, "type", "function") == "function"
    ]
    return ModelReply(text=message.content or "", tool_calls=calls, finish_reason=choice.finish_reason)


async def _collect(stream: Any, on_delta: DeltaSink) -> ModelReply:
    """A streamed reply put together: text deltas forwarded as they come, tool-call fragments
    joined by their index."""
    text: list[str] = []
    calls: dict[int, dict[str, str]] = {}
    finish: str | None = None
    async with stream:
        async for chunk in stream:
            if not chunk.choices:
                continue
            choice = chunk.choices[0]
            delta = choice.delta
            if delta.content:
                text.append(delta.content)
                await on_delta(delta.content)
            for fragment in delta.tool_calls or []:
                slot = calls.setdefault(fragment.index, {"id": "", "name": "", "arguments": ""})
                if fragment.id:
                    slot["id"] = fragment.id
                if fragment.function is not None:
                    slot["name"] += fragment.function.name or ""
                    slot["arguments"] += fragment.function.arguments or ""
            if choice.finish_reason:
                finish = choice.finish_reason
    tool_calls = [
        ToolCallRequest(id=slot["id"] or f"call_{index}", name=slot["name"], arguments=slot["arguments"])
        for index, slot in sorted(calls.items())
    ]
    return ModelReply(text="".join(text), tool_calls=tool_calls, finish_reason=finish)

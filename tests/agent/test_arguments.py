"""Tool arguments checked against the inputSchema, and the sentences the model gets back."""

from __future__ import annotations

from hindsight.agent.arguments import check_call, unknown_tool
from hindsight.agent.model import classify_rejection

QUERY = {
    "type": "object",
    "properties": {
        "order_id": {
            "type": "string",
            "pattern": r"^[A-Za-z]{2}\d{6}$",
            "description": "订单号，格式如 SF123456",
        }
    },
    "required": ["order_id"],
    "additionalProperties": False,
}
REFUND = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "description": "订单号，格式如 SF123456"},
        "account": {"enum": ["original", "balance"], "type": "string"},
        "amount": {"type": "integer", "minimum": 1, "maximum": 5000},
    },
    "required": ["order_id", "account"],
}


def test_valid_arguments_pass_parsed() -> None:
    checked = check_call("query_order", '{"order_id": "SF123456"}', QUERY)
    assert checked.ok and checked.arguments == {"order_id": "SF123456"}
    assert check_call("end_session", "", {"type": "object", "properties": {}}).arguments == {}


def test_each_problem_names_the_field_and_what_is_expected() -> None:
    number = check_call("query_order", '{"order_id": 123456}', QUERY).error or ""
    assert "order_id must be a string — 订单号，格式如 SF123456, got an integer 123456" in number
    assert "Expected: order_id (a string, required)" in number and "call query_order again" in number
    missing = check_call("request_refund", '{"order_id": "SF123456"}', REFUND).error or ""
    assert 'account is missing (required; one of "original", "balance")' in missing
    several = check_call("request_refund", '{"account": "card", "amount": 0}', REFUND).error or ""
    assert 'account must be one of "original", "balance", got "card"' in several
    assert "amount: 0 is less than the minimum of 1" in several and "order_id is missing" in several
    pattern = check_call("query_order", '{"order_id": "123"}', QUERY).error or ""
    assert 'order_id "123" does not have the expected format — 订单号，格式如 SF123456' in pattern
    extra = check_call("query_order", '{"order_id": "SF123456", "user": "bob"}', QUERY).error or ""
    assert "unknown argument 'user' (the arguments are: order_id)" in extra


def test_arguments_that_are_not_a_json_object() -> None:
    broken = check_call("query_order", '{"order_id": "SF12', QUERY).error or ""
    assert "the arguments are not valid JSON" in broken and "order_id (a string, required)" in broken
    listed = check_call("query_order", '["SF123456"]', QUERY).error or ""
    assert "must be a JSON object, got a list" in listed


def test_an_unknown_tool_lists_the_real_ones() -> None:
    assert unknown_tool("cancel_order", ["query_order", "create_ticket"]) == (
        "Unknown tool 'cancel_order': there is no such tool. Available tools: create_ticket, query_order."
    )


def test_which_part_of_a_request_the_provider_rejected() -> None:
    tool = classify_rejection(400, "Invalid schema for function 'x'", "tools[2].function.parameters", None)
    assert (tool.part, tool.tool_index) == ("tools", 2)
    payload = classify_rejection(400, "provider rejected the request schema or tool payload", None, None)
    assert (payload.part, payload.tool_index) == ("tools", None)
    message = classify_rejection(400, "messages[4]: tool_call_id not found", None, None)
    assert (message.part, message.message_index) == ("messages", 4)
    assert classify_rejection(400, "too long", None, "context_length_exceeded").part == "context"
    assert (
        classify_rejection(400, "This model's maximum context length is 8192", None, None).part == "context"
    )
    limit = "Unsupported parameter: 'max_tokens' is not supported with this model."
    assert classify_rejection(400, limit, "max_tokens", None).part == "max_tokens"
    assert (
        classify_rejection(400, "Unrecognized request argument supplied: foo", None, None).part == "request"
    )

"""Errors as HTTP answers: a JSON body {"error", "detail"} with the status from the one error table
(hindsight.errors.ERROR_TABLE); nothing a client sees holds a traceback."""

from __future__ import annotations

from fastapi.responses import JSONResponse

from hindsight.errors import HindsightError, meaning_of


def error(status: int, kind: str, detail: str) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse({"error": kind, "detail": detail}, status_code=status, headers=headers)


def error_of(exc: HindsightError) -> JSONResponse:
    meaning = meaning_of(exc)
    return error(meaning.status, meaning.label, str(exc))

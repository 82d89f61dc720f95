"""README's "Hindsight in your own agent loop" runs as printed: extracted from README.md and run as
a script against the fake provider, with `hindsight mcp` started by the MCP SDK's stdio client."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .fake_provider import FakeProvider, Say, system_text, user_text

README = Path(__file__).resolve().parents[2] / "README.md"


def _example() -> str:
    text = README.read_text(encoding="utf-8")
    after = text.split("<!-- agent-loop-example -->", 1)[1]
    return after.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_agent_loop_remembers_across_processes(provider: FakeProvider, tmp_path: Path) -> None:
    code = _example()
    assert 25 <= len([line for line in code.splitlines() if line.strip()]) <= 35, "about 30 lines"
    script = tmp_path / "loop.py"
    script.write_text(code, encoding="utf-8")

    def model(body: dict[str, Any]) -> Say:
        if "那个订单" in user_text(body):
            return Say(text="记得：SF123456" if "SF123456" in system_text(body) else "不记得")
        return Say(text="好的")

    provider.default = model
    clean = {key: value for key, value in os.environ.items() if not key.startswith("HINDSIGHT_")}
    env = {
        **clean,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{clean.get('PATH', '')}",  # `hindsight` itself
        "HINDSIGHT_HOME": str(tmp_path / "home"),
        "HINDSIGHT_EMBEDDER": "hash",
        "HINDSIGHT_LLM_BASE_URL": provider.url,
        "HINDSIGHT_LLM_MODEL": "fake-model",
    }

    def run(*messages: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, str(script), *messages],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    assert run("我的订单号是SF123456，记一下") == ["好的"]
    # A new process: its working memory is empty, so only recall can know the order.
    assert run("那个订单到哪了") == ["记得：SF123456"]

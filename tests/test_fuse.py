"""Fusion of route candidates: min-max normalisation, weighted profiles and RRF."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from hindsight.errors import InvalidInput
from hindsight.recall.fuse import PROFILES, RRF_K, Profile, fuse, get_profile, normalize


def profile(method: str = "weighted", **weights: float) -> Profile:
    return Profile("test", MappingProxyType(weights), method)  # type: ignore[arg-type]


class TestNormalize:
    def test_empty(self) -> None:
        assert normalize([]) == {}

    def test_min_max(self) -> None:
        assert normalize([("a", 11.3), ("b", 6.3), ("c", 1.3)]) == pytest.approx(
            {"a": 1.0, "b": 0.5, "c": 0.0}
        )

    def test_negative_scores(self) -> None:
        assert normalize([("a", -0.2), ("b", -1.0), ("c", 0.6)]) == pytest.approx(
            {"a": 0.5, "b": 0.0, "c": 1.0}
        )

    def test_single_candidate_scores_one(self) -> None:
        assert normalize([("only", 0.01)]) == {"only": 1.0}

    def test_ties_score_one(self) -> None:
        assert normalize([("a", 0.4), ("b", 0.4), ("c", 0.4)]) == {"a": 1.0, "b": 1.0, "c": 1.0}

    def test_scale_invariant(self) -> None:
        cosine = normalize([("a", 0.82), ("b", 0.41), ("c", 0.0)])
        bm25 = normalize([("a", 8.2), ("b", 4.1), ("c", 0.0)])
        assert cosine == pytest.approx(bm25)


class TestWeighted:
    def test_candidate_from_both_routes_beats_single_route(self) -> None:
        # Ties normalise to 1.0, so every candidate has the same normalised score in its routes:
        # only the number of routes that found it can separate them.
        routes = {
            "semantic": [("both", 0.9), ("sem-only", 0.9)],
            "keyword": [("both", 5.0), ("kw-only", 5.0)],
        }
        ranked = fuse(routes, profile(semantic=0.5, keyword=0.5))
        assert ranked[0][0] == "both"
        assert ranked[0][1] == pytest.approx(1.0)
        assert {rid: score for rid, score, _ in ranked[1:]} == pytest.approx(
            {"sem-only": 0.5, "kw-only": 0.5}
        )

    def test_weights_are_respected(self) -> None:
        routes = {
            "semantic": [("s", 0.9), ("x", 0.1)],
            "keyword": [("k", 9.0), ("y", 1.0)],
        }
        sem_heavy = fuse(routes, profile(semantic=0.7, keyword=0.3))
        kw_heavy = fuse(routes, profile(semantic=0.4, keyword=0.6))
        assert [rid for rid, _, _ in sem_heavy][:2] == ["s", "k"]
        assert [rid for rid, _, _ in kw_heavy][:2] == ["k", "s"]
        assert dict((rid, score) for rid, score, _ in sem_heavy) == pytest.approx(
            {"s": 0.7, "k": 0.3, "x": 0.0, "y": 0.0}
        )

    def test_fused_score_is_weighted_sum_of_normalised_scores(self) -> None:
        routes = {
            "semantic": [("a", 0.9), ("b", 0.5), ("c", 0.1)],
            "keyword": [("b", 12.0), ("c", 7.0), ("a", 2.0)],
        }
        ranked = fuse(routes, profile(semantic=0.6, keyword=0.4))
        fused = {rid: score for rid, score, _ in ranked}
        assert fused == pytest.approx(
            {"a": 0.6 * 1.0 + 0.4 * 0.0, "b": 0.6 * 0.5 + 0.4 * 1.0, "c": 0.6 * 0.0 + 0.4 * 0.5}
        )
        assert [rid for rid, _, _ in ranked] == ["b", "a", "c"]

    def test_per_route_scores_are_explained(self) -> None:
        routes = {
            "semantic": [("a", 0.9), ("b", 0.3)],
            "keyword": [("b", 4.0), ("c", 2.0)],
        }
        explained = {rid: scores for rid, _, scores in fuse(routes, get_profile("default"))}
        assert explained["a"] == pytest.approx({"semantic": 1.0})
        assert explained["b"] == pytest.approx({"semantic": 0.0, "keyword": 1.0})
        assert explained["c"] == pytest.approx({"keyword": 0.0})

    def test_route_missing_from_profile_is_ignored(self) -> None:
        routes = {"semantic": [("a", 0.9)], "bogus": [("z", 100.0)]}
        ranked = fuse(routes, get_profile("chat"))
        assert [rid for rid, _, _ in ranked] == ["a"]
        assert ranked[0][2] == {"semantic": 1.0}

    def test_sorted_best_first(self) -> None:
        routes = {"semantic": [("a", 0.1), ("b", 0.9), ("c", 0.5)]}
        scores = [score for _, score, _ in fuse(routes, get_profile("default"))]
        assert scores == sorted(scores, reverse=True)

    def test_no_routes(self) -> None:
        assert fuse({}, get_profile("default")) == []
        assert fuse({"semantic": [], "keyword": []}, get_profile("default")) == []


class TestRrf:
    def test_rrf_profile_uses_ranks(self) -> None:
        rrf = get_profile("rrf")
        assert rrf.method == "rrf"
        routes = {
            "semantic": [("a", 0.99), ("b", 0.98)],
            "keyword": [("b", 50.0), ("c", 1.0)],
        }
        ranked = fuse(routes, rrf)
        fused = {rid: score for rid, score, _ in ranked}
        assert fused == pytest.approx(
            {
                "a": 1 / (RRF_K + 1),
                "b": 1 / (RRF_K + 2) + 1 / (RRF_K + 1),
                "c": 1 / (RRF_K + 2),
            }
        )
        assert ranked[0][0] == "b"
        assert ranked[0][2] == pytest.approx({"semantic": 1 / (RRF_K + 2), "keyword": 1 / (RRF_K + 1)})

    def test_rrf_ignores_score_magnitudes(self) -> None:
        rrf = get_profile("rrf")
        close = fuse({"semantic": [("a", 0.501), ("b", 0.5)]}, rrf)
        far = fuse({"semantic": [("a", 1000.0), ("b", -1000.0)]}, rrf)
        assert close == far


class TestProfiles:
    @pytest.mark.parametrize("name", sorted(PROFILES))
    def test_known_profiles(self, name: str) -> None:
        found = get_profile(name)
        assert found.name == name
        assert found.weights
        assert all(weight > 0 for weight in found.weights.values())

    def test_named_profiles_carry_the_documented_weights(self) -> None:
        assert PROFILES["customer_service"].weights["entity"] == 0.4
        assert PROFILES["chat"].weights["semantic"] == 0.7
        default = PROFILES["default"].weights
        assert (default["semantic"], default["keyword"], default["entity"], default["time"]) == (
            0.5,
            0.5,
            0.3,
            0.5,
        )
        for found in PROFILES.values():
            assert all(weight > 0 for weight in found.weights.values()), found.name

    def test_unknown_profile(self) -> None:
        with pytest.raises(InvalidInput, match="unknown recall profile 'nope'") as info:
            get_profile("nope")
        assert "default" in str(info.value)
        assert isinstance(info.value, ValueError)

    def test_profile_weights_are_read_only(self) -> None:
        with pytest.raises(TypeError):
            get_profile("default").weights["semantic"] = 1.0  # type: ignore[index]

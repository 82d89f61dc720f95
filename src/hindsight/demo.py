"""`hindsight demo`: a scripted conversation in Chinese and English, then recalls that show memory
working — the order number from last week, the preference stated once, one user never seeing another's."""

from __future__ import annotations

from collections.abc import Callable

from hindsight.facade import Memory
from hindsight.settings import Settings

# (user, session, role, text, time)
CONVERSATION: list[tuple[str, str, str, str, str]] = [
    ("li", "s1", "user", "你好，我上周买的耳机订单号是SF123456，一直没到货。", "2026-03-02T10:00:00"),
    (
        "li",
        "s1",
        "assistant",
        "已为您查询，SF123456 目前在杭州转运中心，预计后天送达。",
        "2026-03-02T10:00:30",
    ),
    ("li", "s1", "user", "好的，另外我以后都用顺丰快递，别给我发别的快递。", "2026-03-02T10:01:10"),
    ("li", "s1", "user", "我平时喜欢喝美式咖啡，不加糖。", "2026-03-02T10:02:00"),
    ("li", "s1", "user", "谢谢，就这样。", "2026-03-02T10:02:30"),
    ("li", "s2", "user", "我想给妈妈买一台空气净化器，预算五千左右。", "2026-03-09T19:20:00"),
    ("li", "s2", "assistant", "好的，五千以内推荐小米和飞利浦两款。", "2026-03-09T19:20:40"),
    (
        "sam",
        "s1",
        "user",
        "Hi, I'm allergic to peanuts, so please never suggest snacks with nuts.",
        "2026-03-03T08:00:00",
    ),
    ("sam", "s1", "user", "My flight to Berlin is LH 2471 on April 14th.", "2026-03-03T08:01:00"),
    ("sam", "s1", "assistant", "Noted: LH 2471 to Berlin on April 14th.", "2026-03-03T08:01:20"),
    ("sam", "s1", "user", "From now on, ship everything with DHL please.", "2026-03-03T08:02:00"),
    (
        "sam",
        "s2",
        "user",
        "I started learning the cello last month, practicing every evening.",
        "2026-03-10T21:00:00",
    ),
]

QUESTIONS: list[tuple[str, str, str]] = [
    ("li", "我那个耳机订单到哪了？", "the headphone order and its number"),
    ("li", "美式咖啡", "a keyword inside a longer Chinese sentence"),
    ("li", "用什么快递？", "the delivery preference"),
    ("li", "给妈妈买东西的预算是多少", "last week's budget"),
    ("sam", "any food allergies I should know about?", "the allergy, by meaning"),
    ("sam", "LH 2471", "an exact flight number"),
    ("sam", "what instrument is Sam learning?", "a hobby mentioned in passing"),
    ("sam", "耳机订单", "isolation: Sam never sees Li's memories, only his own nearest"),
]


def run_demo(settings: Settings, echo: Callable[[str], None]) -> None:
    echo(f"Hindsight demo — store: {settings.database}, embedder: {settings.embedder}\n")
    with Memory(settings=settings) as memory:
        echo("1. The conversation (observe, turn by turn):")
        last_session: dict[str, str] = {}
        for user, session, role, text, when in CONVERSATION:
            previous = last_session.get(user)
            if previous is not None and previous != session:
                memory.end_session(user, previous, when)
            last_session[user] = session
            memory.observe(user, session, role, text, when)
            echo(f"   [{user}/{session}] {role}: {text}")
        for user, session in last_session.items():
            memory.end_session(user, session)
        echo("\n2. Later, new sessions ask (recall, best first):")
        echo(
            "   [score] ranks the hits of one recall: each route that found a memory (meaning, keyword,\n"
            "   entity, time) scores it from 0 to 1 against that recall's other candidates, and the\n"
            "   routes' scores are added with the profile's weights. Higher is a better match within\n"
            "   one recall; it is not a probability, and two recalls' scores are not comparable."
        )
        for user, query, purpose in QUESTIONS:
            answer = memory.recall(user, query, top_k=2, now="2026-03-16T12:00:00")
            echo(f"\n   {user} asks: {query}    ({purpose})")
            if not answer.hits:
                echo("     -> nothing recalled")
            for hit in answer.hits:
                echo(f"     -> {hit.record.text}   [score {hit.score:.2f}]")
        echo("\n3. What is remembered for li (hindsight dump li):\n")
        echo(memory.dump("li"))

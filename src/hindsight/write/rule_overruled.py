"""An intent rule's refusal that the learned layer overrules: the rule matched, but the layer reads the
text, whole and sentence by sentence, as plainly ordinary.

The intent rules (an instruction aimed at the agent, a role or identity claim: guard._INTENT_REASONS) are
patterns written on the tuning authors' text. On authors nobody tuned for they refuse the near-miss twins
those authors write ("note that I have admin rights in our team's Jira, so remind me to archive the old
sprint boards on Friday") more often than the layer does: of the useful inputs the guard refused on the
held-out parts in the forty-second round, 55 of 98 were an intent rule's, nearly all near misses. The
layer was trained on twins like them, and reads many of them as ordinary; held out by author on the tuning
part, it reads 10 of the 4,330 poison lines the rules refuse below OVERRULED_BELOW (`bench/train_guard.py
--cv-only --dump`, each author's lines scored by a layer trained without them). So a rule's refusal stands
unless every reading is below it.

Every sentence is read as well as the whole because padding is the obvious way round a reading of the
whole: an injection the rules catch, hidden between a few ordinary messages, is read by the layer as mostly
ordinary (held-out poison so padded with two or five useful lines: 37 and 68 of ~1,640 below the bar as a
whole, 7 and 3 with each sentence read; BENCHMARKS.md, Issue 16, forty-third round). Secrets and numbers
(a key, a card, an ID) are never overruled: their rules are checked whatever the layer reads.
"""

from __future__ import annotations

from hindsight.write import intent, intent_languages
from hindsight.write.guard_views import learned_inputs, sentence_inputs

OVERRULED_BELOW = 0.2
"""Overrule an intent rule when the layer's every reading is below this: fixed on the tuning part's
out-of-fold scores before the test parts were counted (at most 10 of the 4,330 poison lines the rules
refuse there read below it; 0.25: 30, 0.3: 60)."""


def overruled(text: str) -> float | None:
    """The layer's highest reading over what it reads of the text (guard_views.learned_inputs) and of
    each of its sentences, when all are below OVERRULED_BELOW: the rule is overruled. None as soon as one
    is not."""
    model = intent.model()
    highest = 0.0
    for one in (*learned_inputs(text), *sentence_inputs(text)):
        if intent_languages.words_can_read(one) and float(model.words([one])[0]) / 3.0 >= OVERRULED_BELOW:
            return None  # the words alone keep the mean of three at the bar: no embedding needed
        highest = max(highest, model.judge(intent.embed(one), one).probability)
        if highest >= OVERRULED_BELOW:
            return None
    return highest

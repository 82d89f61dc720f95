"""The words for the people in a user's life - family, friends, people at work - in both languages.

One lexicon, read by the write path (whose slot a fact fills: "my wife's phone"; the names a summary
mentions: "我表哥周明") and by recall (the people route: a question asked by relation). Three lists
had grown apart, so a relation one path knew ("我对象", "my spouse") the others did not. Each list
is longest first, so that an alternation built from it prefers "sister-in-law" to "sister" and
"大学同学" to "同学".
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def _longest_first(words: str) -> tuple[str, ...]:
    # "_" stands for a space inside a word ("best_friend")
    return tuple(
        sorted((word.replace("_", " ") for word in words.split()), key=lambda word: (-len(word), word))
    )


CHINESE = _longest_first(
    """
    初中同学 大学同学 小学同学 高中同学 丈母娘 合伙人 外孙女 外甥女 大舅子 女朋友
    好朋友 小舅子 未婚夫 未婚妻 男朋友 老丈人 老同学 丈夫 上司 下属 伯伯 伯父 侄女
    侄子 儿子 兄弟 先生 公公 发小 叔叔 同事 同学 哥们 哥哥 堂哥 堂妹 堂姐 堂弟
    外公 外婆 外孙 外甥 大姨 太太 女儿 女友 奶奶 好友 妈妈 妹夫 妹妹 妻子 姐夫
    姐姐 姑姑 姑父 姥姥 姥爷 姨妈 姨父 婆婆 婶婶 媳妇 嫂子 孙女 孙子 孩子 宝宝
    室友 对象 导师 小姨 小孩 岳母 岳父 师傅 弟媳 弟弟 徒弟 搭档 朋友 母亲 爱人
    父亲 父母 爷爷 爸妈 爸爸 男友 老公 老妈 老婆 老师 老板 老爸 舅妈 舅舅 舍友
    表哥 表妹 表姐 表弟 邻居 闺女 闺蜜 阿姨 领导 儿媳妇 儿媳 女婿 哥 妈 妹 姐 弟 爸
    """
)
ENGLISH = _longest_first(
    """
    brother-in-law father-in-law granddaughter mother-in-law sister-in-law stepdaughter best_friend
    daughter-in-law son-in-law
    grandfather grandmother girlfriend stepfather stepmother boyfriend co-worker colleague housemate
    neighbour children coworker daughter flatmate grandson landlord neighbor roommate brother
    dentist fiancee fiancée grandma grandpa husband in-laws manager parents partner stepson teacher
    cousin doctor father fiance fiancé friend in-law mentor mother nephew sister spouse child coach
    niece tutor uncle aunt baby boss kids wife dad kid mom mum son
    """
)

HOUSEHOLD_CHINESE = _longest_first(
    """
    丈母娘 女朋友 男朋友 丈夫 儿子 公公 叔叔 同事 哥哥 外公 外婆 女儿 奶奶 妈妈
    妹妹 妻子 姐姐 姥姥 姥爷 婆婆 媳妇 孩子 宝宝 室友 小孩 岳母 弟弟 朋友 母亲
    爱人 父亲 父母 爷爷 爸妈 爸爸 老公 老婆 老板 舅舅 表哥 表妹 表姐 表弟 邻居
    阿姨 领导 哥 妈 妹 姐 弟 爸
    侄子 侄女 外甥 外甥女 孙子 孙女 外孙 外孙女 堂哥 堂姐 堂弟 堂妹 姑姑 姑父 姨妈 姨父 小姨
    大姨 舅妈 婶婶 嫂子 姐夫 妹夫 弟媳 闺女 闺蜜 发小 老妈 老爸 男友 女友 未婚夫 未婚妻 伯伯 伯父
    老丈人 小舅子 大舅子 舍友
    """
)
HOUSEHOLD_ENGLISH = _longest_first(
    """
    grandfather grandmother girlfriend boyfriend colleague neighbour children coworker daughter
    flatmate neighbor roommate brother grandma grandpa husband in-laws parents partner cousin father
    friend mother sister spouse child uncle aunt baby boss kids wife dad kid mom mum son
    nephew niece grandson granddaughter stepson stepdaughter stepfather stepmother fiance fiancé
    fiancee fiancée brother-in-law sister-in-law mother-in-law father-in-law housemate
    """
)
"""The close circle: family, partner, friends, neighbours, the boss - words that name another
person even without 我 / my before them. Read where a bare mention decides that a statement is about
someone else (updates by meaning) or is stripped from an address's lead; the full lists also hold
words said of people in general ("老师", "先生", "同学", "对象", "doctor"), which would misfire there."""


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of the words, escaped, in the order given."""
    return "|".join(re.escape(word) for word in words)

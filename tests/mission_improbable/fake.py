"""A small stand-in for the Mission Improbable content model (until the real one lands)."""

from __future__ import annotations

from types import SimpleNamespace as NS


def loc(text: str) -> NS:
    return NS(en=text, ko=text)


def check(skill: str, mod: int) -> NS:
    return NS(skill=skill, mod=mod, any=None)


def either(*options: tuple[str, int]) -> NS:
    return NS(skill=None, mod=None, any=[NS(skill=s, mod=m) for s, m in options])


def agent(id: str, **skills: int) -> NS:
    return NS(id=id, kind="agent", name=loc(id), skills=skills)


def mission(id: str, mp: int, *checks: NS) -> NS:
    return NS(id=id, kind="mission", name=loc(id), name_good=loc(id + " (good)"),
              name_bad=loc(id + " (bad)"), mp=mp, checks=list(checks))


def obstacle(id: str, *checks: NS, kind: str = "obstacle") -> NS:
    return NS(id=id, kind=kind, name=loc(id), checks=list(checks))


def asset(id: str, kind: str, **skills: int) -> NS:
    return NS(id=id, kind=kind, name=loc(id), skills=skills)


def event(id: str, when: str, kind: str | None = None, **effect) -> NS:
    eff = None if kind is None else NS(kind=kind, table=effect.get("table"),
                                       modifier=effect.get("modifier"))
    return NS(id=id, kind="event", name=loc(id), when=when, effect=eff,
              skills=effect.get("skills"))


def row(low: int, high: int, text: str, *effects: NS) -> NS:
    return NS(from_=low, to=high, result=loc(text), effects=list(effects))


def eff(kind: str, **kw) -> NS:
    return NS(kind=kind, **kw)


TABLES = {
    "spy": NS(rows=[
        row(1, 1, "Your nemesis rolls instead", eff("nemesis_rolls")),
        row(2, 2, "Nothing"),
        row(3, 5, "Look at 1 face-down card", eff("look", count=1)),
        row(6, 6, "Look at 2 face-down cards", eff("look", count=2)),
        row(7, 8, "Look at the next 1D5 cards", eff("look_deck")),
        row(9, 9, "Look at an opponent's hand", eff("look_hand")),
        row(10, 10, "Discard an opponent's mission", eff("discard_mission")),
    ]),
    "mission_failure": NS(rows=[
        row(1, 2, "Captured", eff("captured"), eff("discard_equipment")),
        row(3, 4, "Killed", eff("killed")),
        row(5, 5, "Wounded 1D5, equipment lost", eff("wounded"), eff("discard_equipment")),
        row(6, 6, "Wounded 1D5", eff("wounded")),
        row(7, 7, "Equipment lost", eff("discard_equipment")),
        row(8, 8, "Nothing"),
        row(9, 9, "Look at the next obstacle, equipment lost", eff("look_obstacle"),
            eff("discard_equipment")),
        row(10, 10, "Look at the next obstacle", eff("look_obstacle")),
    ]),
    "capture": NS(rows=[
        row(1, 1, "Death", eff("killed")),
        row(2, 3, "Talks", eff("talks")),
        row(4, 7, "Nothing"),
        row(8, 10, "Escape", eff("escape")),
    ]),
}

CARDS = [
    agent("mr_white_the_albino", combat=3, driving=2),
    agent("mr_bond", persuasion=2, combat=2, stealth=1, water=1),
    agent("china_doll", stealth=2, surveillance=2),
    agent("vlad_the_impaler", persuasion=2, combat=2, animals=2),
    mission("defend_destroy_base", 3, check("stealth", 2), check("combat", 3),
            check("computers", 1)),
    mission("prisoner_exchange", 1, either(("persuasion", 2), ("disguise", 3))),
    mission("surveillance_mission", 1, check("surveillance", 1)),
    mission("retrieve_steal_nukes", 3, check("demolition", 2), check("combat", 2)),
    mission("industrial_espionage", 2, check("stealth", 2), check("surveillance", 2)),
    mission("rescue_kidnapping", 2, check("stealth", 2), check("combat", 2)),
    mission("bodyguard_assassination", 2, check("combat", 2), check("persuasion", 1)),
    obstacle("ambush", either(("combat", 2), ("surveillance", 2))),
    obstacle("ninjas", check("combat", 2)),
    obstacle("tiger", check("animals", 1)),
    obstacle("office_tower", either(("computers", 1), ("stealth", 1)), kind="location"),
    asset("silencer", "equipment", combat=2),
    asset("sniper_rifle", "equipment", combat=2),
    asset("climbing_gear", "equipment", stealth=2),
    asset("martial_arts", "experience", combat=2),
    asset("commando_training", "experience", combat=1, cold=1),
    asset("diplomat", "connection", persuasion=2),
    asset("human_shield", "connection", combat=2),
    event("bribery", "roll", skills={"persuasion": 2}),
    event("narrow_escape", "fail", "table_modifier", table="mission_failure", modifier=2),
    event("safe_house", "fail", "table_modifier", table="mission_failure", modifier=2),
    event("acid_pen", "capt", "table_modifier", table="capture", modifier=2),
    event("torture", "capt", "table_modifier", table="capture", modifier=-2),
    event("mole", "intercept"),
    event("assassination", "intercept", "kill"),
    event("capture_enemy_agent", "intercept", "capture"),
    event("security_risk", "intercept", "security_risk"),
    event("medical_attention", "intercept", "heal"),
    event("sleeper", "intercept", "extra_recruit"),
    event("intelligence_gathering", "intercept", "spy_twice"),
    event("diversion", "intercept", "discard_mission"),
    event("second_chance", "mission", "extra_mission_phase"),
    event("police_interference", "opponent", "skip_mission"),
    event("fake_death", "own", "fake_death"),
    event("co_opt_mission", "mission", "co_opt"),
    event("partners", "mission", "partners", size=2),
]

PHASES = ["support", "recruit", "assignment", "intercept", "spy", "mission", "objectives",
          "counter", "capture"]


class FakeGame:
    def __init__(self) -> None:
        self.by_id = {c.id: c for c in CARDS}
        self.tables = TABLES
        self.game = NS(die=NS(sides=10, d5_divisor=2), players=NS(min=2, max=6),
                       phases=[NS(id=p, name=loc(p)) for p in PHASES],
                       end=NS(mp_target=10))
        self.options = {"mp_target": NS(default=10), "partners_team": NS(default="pick"),
                        "undercover": NS(default="all")}

    def card(self, card_id: str) -> NS:
        return self.by_id[card_id]

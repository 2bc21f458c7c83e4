"""A small stand-in for the Mission Improbable content model, shaped like the real one
(`missionkit/mission_improbable/model.py`), for tests that need cards the real content
does not have or until it lands."""

from __future__ import annotations

from types import SimpleNamespace as NS


def loc(text: str) -> NS:
    return NS(en=text, ko=text)


class Card(NS):
    @property
    def display_name(self) -> NS:
        return self.name


class MissionCard(Card):
    @property
    def display_name(self) -> NS:
        return loc(self.id)

    def name_for(self, alignment: str) -> NS:
        return loc(f"{self.id} ({alignment})")


def check(skill: str, mod: int) -> NS:
    return NS(options=(NS(skill=skill, mod=mod),))


def either(*options: tuple[str, int]) -> NS:
    return NS(options=tuple(NS(skill=s, mod=m) for s, m in options))


def agent(id: str, **skills: int) -> Card:
    return Card(id=id, type="agent", name=loc(id), skills=skills)


def mission(id: str, mp: int, *checks: NS) -> MissionCard:
    return MissionCard(id=id, type="mission", name=None, mp=mp, checks=tuple(checks))


def obstacle(id: str, check: NS, type: str = "obstacle") -> Card:
    return Card(id=id, type=type, name=loc(id), check=check)


def asset(id: str, type: str, *effects: NS, **skills: int) -> Card:
    return Card(id=id, type=type, name=loc(id), skills=skills, effects=effects)


def event(id: str, when: str, target: str, *effects: NS) -> Card:
    return Card(id=id, type="event", name=loc(id), when=when, target=target, effects=effects)


def eff(kind: str, **kw) -> NS:
    return NS(kind=kind, **kw)


def row(low: int, high: int, text: str, *effects: NS) -> NS:
    return NS(from_=low, to=high, result=loc(text), effects=effects)


TABLES = {
    "spy": NS(rows=(
        row(1, 1, "Your nemesis rolls instead", eff("nemesis_rolls", on_repeat="nothing")),
        row(2, 2, "Nothing"),
        row(3, 5, "Look at 1 face-down card", eff("look_face_down", count=1)),
        row(6, 6, "Look at 2 face-down cards", eff("look_face_down", count=2)),
        row(7, 8, "Look at the next 1D5 cards", eff("look_deck", count="d5")),
        row(9, 9, "Look at an opponent's hand", eff("look_at_hand")),
        row(10, 10, "Discard an opponent's mission", eff("discard_mission", whose="opponent")),
    )),
    "mission_failure": NS(rows=(
        row(1, 2, "Captured", eff("captured", by="nemesis"), eff("discard_equipment")),
        row(3, 4, "Killed", eff("killed", discard="all_assets")),
        row(5, 5, "Wounded 1D5, equipment lost", eff("wounded", turns="d5"),
            eff("discard_equipment")),
        row(6, 6, "Wounded 1D5", eff("wounded", turns="d5")),
        row(7, 7, "Equipment lost", eff("discard_equipment")),
        row(8, 8, "Nothing"),
        row(9, 9, "Look at the next obstacle, equipment lost",
            eff("look_face_down", count=1, where="attempted_mission"), eff("discard_equipment")),
        row(10, 10, "Look at the next obstacle",
            eff("look_face_down", count=1, where="attempted_mission")),
    )),
    "capture": NS(rows=(
        row(1, 1, "Death", eff("killed", discard="experience")),
        row(2, 3, "Talks", eff("reveal_hand_card", count=1)),
        row(4, 7, "Nothing"),
        row(8, 10, "Escape", eff("escape")),
    )),
}


def _bonus(skill: str) -> NS:
    return eff("skill_bonus", skill=skill, amount=2)


def _shift(table: str, amount: int) -> NS:
    return eff("table_modifier", table=table, amount=amount)


CARDS = [
    agent("mr_white_the_albino", combat=3, driving=2),
    agent("mr_bond", persuasion=2, combat=2, stealth=1, water=1),
    agent("china_doll", stealth=2, surveillance=2),
    agent("vlad_the_impaler", persuasion=2, combat=2, animals=2),
    agent("commando_9", combat=2, cold=2, water=2),
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
    obstacle("office_tower", either(("computers", 1), ("stealth", 1)), "location"),
    asset("silencer", "equipment", combat=2),
    asset("sniper_rifle", "equipment", combat=2),
    asset("climbing_gear", "equipment", stealth=2),
    asset("martial_arts", "experience", combat=2),
    asset("commando_training", "experience", combat=1, cold=1),
    asset("undercover", "experience", eff("untargetable_by_events")),
    asset("diplomat", "connection", persuasion=2),
    asset("human_shield", "connection", combat=2),
    event("bribery", "before_check", "check", _bonus("persuasion")),
    event("narrow_escape", "before_failure_roll", "table_roll", _shift("mission_failure", 2)),
    event("safe_house", "before_failure_roll", "table_roll", _shift("mission_failure", 2)),
    event("acid_pen", "before_capture_roll", "table_roll", _shift("capture", 2)),
    event("torture", "before_capture_roll", "table_roll", _shift("capture", -2)),
    event("mole", "intercept", "opponent", eff("look_at_hand")),
    event("assassination", "intercept", "enemy_agent", eff("killed", discard="all_assets")),
    event("capture_enemy_agent", "intercept", "enemy_agent", eff("captured", by="nemesis"),
          eff("discard_equipment")),
    event("security_risk", "intercept", "enemy_agent", eff("security_risk", turns="d5")),
    event("medical_attention", "intercept", "own_agent", eff("heal_wounds")),
    event("sleeper", "intercept", "none", eff("extra_recruit", count=1)),
    event("intelligence_gathering", "intercept", "none", eff("roll_table", table="spy",
                                                             times=2)),
    event("diversion", "intercept", "mission", eff("discard_mission", whose="any")),
    event("double_agent", "intercept", "enemy_agent", eff("take_control")),
    event("amnesia", "intercept", "agent", eff("shuffle_into_deck")),
    event("confiscation", "intercept", "enemy_agent", eff("take_equipment", count=1)),
    event("second_chance", "mission", "none", eff("extra_mission_phase", count=1)),
    event("police_interference", "opponent_turn", "opponent", eff("skip_mission_phase")),
    event("fake_death", "own_turn", "none", eff("return_killed_agent")),
    event("co_opt_mission", "mission", "mission", eff("attempt_opponent_mission")),
    event("partners", "mission", "none", eff("joint_attempt", agents=2)),
    event("team", "mission", "none", eff("joint_attempt", agents=3)),
]

PHASES = ["support", "recruit", "assignment", "intercept", "spy", "mission", "objectives",
          "counter", "capture"]


def option(id: str, default, choices=(), off_allowed=False, min=None, max=None) -> NS:
    return NS(id=id, name=loc(id), default=default, choices=choices, off_allowed=off_allowed,
              min=min, max=max)


class FakeGame:
    def __init__(self) -> None:
        self.by_id = {c.id: c for c in CARDS}
        self.tables = TABLES
        self.d5 = NS(die=10, from_d10=lambda face: -(-face // 2))
        self.modifiers = NS(apply=lambda face, total: max(1, min(10, face + total)))
        self.guide = NS(phases=[NS(id=p, name=loc(p)) for p in PHASES])
        self.game = NS(
            players=NS(min=2, max=6),
            alignment=NS(two_players="opposite", mix="at_least_one_each",
                         nemesis="opposite_alignment"),
            per_turn=NS(recruit=1, assets=1, missions_into_play=1, spy_rolls=1,
                        mission_attempts=1),
            end=NS(deck_option="deck_end", mp_target_option="mp_target", finish_round=True),
            tie_break=NS(order=("mp", "completed_missions")))
        self.options = (
            option("mp_target", 10, off_allowed=True, min=1, max=36),
            option("deck_end", True, (True, False)),
            option("joint_attempt", "pick_one", ("pick_one", "add_bonuses")),
            option("undercover", "all_events", ("all_events", "opponents_events")),
            option("medical_attention", "one", ("one", "all")),
            option("equipment_discard", "after_roll", ("after_roll", "after_attempt")),
        )

    def card(self, card_id: str) -> NS:
        return self.by_id[card_id]

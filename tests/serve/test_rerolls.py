"""Issue 39 point 4: what a re-roll changed, read from the two packets' JSON (the one it was
made from and the new one), part by part, each under the code the packet's pages print it by."""

from __future__ import annotations

from nests.serve.rerolls import changes


def _packet(**parts) -> dict:
    room = {"id": "2.1", "name": "Guest Beetle's Nook", "found_in": "1.2", "reveals": ["spare:2"]}
    base = {"job": {"client": {"result": "A Rival Colony"}, "kind": {"result": "Deliver"}, "target": {"result": "eggs"}},
            "levels": [{"number": 1, "rating": 14, "rooms": [{"id": "1.1", "name": "Entrance"}]},
                       {"number": 2, "rating": 39, "rooms": [room]}],
            "heart": {"room": "7.1", "kind": "Deliver"},
            "items": [{"id": "I6", "form": {"name": "Blue Honey"}}, {"id": "I10", "room": "2.1", "form": {"name": "Green Honey"}}],
            "creatures": [{"id": "E1", "name": "Worker Termite"}]}
    base.update(parts)
    return base


def test_the_same_packet_changed_nothing():
    assert changes(_packet(), _packet()) == []


def test_a_rooms_reroll_names_the_room_and_the_items_it_moved():
    before = _packet()
    after = _packet(levels=[before["levels"][0], {"number": 2, "rating": 39, "rooms": [
                        {"id": "2.1", "name": "Old Garden", "found_in": "1.2", "reveals": []},
                        {"id": "2.2", "name": "Brood Hall", "found_in": "2.1", "reveals": []}]}],
                    items=[{"id": "I6", "room": "2.1", "form": {"name": "Blue Honey"}},
                           {"id": "I10", "form": {"name": "Green Honey"}}])
    assert changes(before, after) == [
        {"code": "2.1", "what": "Room 2.1", "before": "Guest Beetle's Nook", "after": "Old Garden"},
        {"code": "2.2", "what": "Room 2.2", "before": "none", "after": "Brood Hall"},        # a Room it revealed
        {"code": "I6", "what": "Item I6 Blue Honey", "before": "in no Room", "after": "in Room 2.1"},
        {"code": "I10", "what": "Item I10 Green Honey", "before": "in Room 2.1", "after": "in no Room"}]
    # and back: a Room no longer revealed is said gone
    assert {"code": "2.2", "what": "Room 2.2", "before": "Brood Hall", "after": "none"} in changes(after, before)


def test_the_job_a_level_an_item_the_heart_and_a_creature():
    before = _packet()
    after = _packet(job={**before["job"], "client": {"result": "The Queen's Taster"}},
                    levels=[{**before["levels"][0], "rating": 19}, before["levels"][1]],
                    heart={"room": "7.1", "kind": "Steal"},
                    items=[{"id": "I6", "form": {"name": "Red Fungus"}}, before["items"][1]],
                    creatures=[{"id": "E1", "name": "Nasute Soldier"}])
    assert changes(before, after) == [
        {"code": "Job", "what": "The Job", "before": "A Rival Colony, Deliver, eggs",
         "after": "The Queen's Taster, Deliver, eggs"},
        {"code": "Level 1", "what": "Level 1", "before": "rated 14", "after": "rated 19"},
        {"code": "7.1", "what": "The Heart", "before": "Deliver", "after": "Steal"},
        {"code": "I6", "what": "Item I6", "before": "Blue Honey, in no Room", "after": "Red Fungus, in no Room"},
        {"code": "E1", "what": "Creature E1", "before": "Worker Termite", "after": "Nasute Soldier"}]

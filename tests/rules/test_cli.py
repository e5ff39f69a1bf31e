import json
from decimal import Decimal

from click.testing import CliRunner

from nests.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_odds_text():
    result = run("odds", "--effort", "50", "--resistance", "30")
    assert result.exit_code == 0
    assert result.output == (
        "Critical Failure    0.000%  0\n"
        "Complete Failure    0.000%  0\n"
        "Partial Failure    50.000%  1/2\n"
        "Partial Success    30.000%  3/10\n"
        "Complete Success   20.000%  1/5\n"
        "Critical Success    0.000%  0\n"
    )


def test_odds_json_exact():
    result = run("odds", "--effort", "50", "--resistance", "30", "--static", "+20", "--dramatic", "10", "--dramatic", "-10", "--json")
    assert result.exit_code == 0
    assert result.output == ('{"Critical Failure": 0, "Complete Failure": 0.045, "Partial Failure": 0.419, '
                             '"Partial Success": 0.163, "Complete Success": 0.337, "Critical Success": 0.036}\n')
    data = json.loads(result.output, parse_float=Decimal)
    assert sum(data.values()) == 1


def test_rule_of_two():
    result = run("odds", "--effort", "50", "--resistance", "30", "--dramatic", "5", "--dramatic", "5", "--dramatic", "5")
    assert result.exit_code == 2
    assert "3 dramatic modifiers given; the Rule of Two allows at most 2 on one Action" in result.output


def test_roll_seeded():
    result = run("roll", "d60", "--times", "3", "--seed", "1")
    assert (result.exit_code, result.output) == (0, "8\n36\n54\n")
    result = run("roll", "1d6", "--times", "4", "--seed", "5")
    assert result.exit_code == 0 and all(1 <= int(x) <= 6 for x in result.output.split())


def test_roll_unknown_die():
    result = run("roll", "d7")
    assert result.exit_code == 2
    assert result.output.startswith("error: 'd7' is not a die of the game; allowed: d4, d6, d8, d10, d12, d20, d40")


def test_enemies_list():
    result = run("enemies")
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == [
        "centipede              Nest Invader - Centipede (provisional)",
        "king                   Alates - King (provisional)",
    ]
    assert "nasute-soldier         Nasute Soldier" in result.output.splitlines()


def test_enemy_to_stdout(content):
    from nests.generators.enemy import enemy_text

    result = run("enemy", "worker-termite", "-o", "-")
    assert result.exit_code == 0
    assert result.output == enemy_text(content, "worker-termite")


def test_enemy_writes_file(tmp_path):
    result = run("enemy", "nasute-soldier", "-o", str(tmp_path))
    assert result.exit_code == 0
    assert result.output == f"wrote {tmp_path}/nasute-soldier.txt\n"
    assert (tmp_path / "nasute-soldier.txt").read_text(encoding="utf-8").count("\n") == 50


def test_unknown_enemy_cli():
    result = run("enemy", "wasp", "-o", "-")
    assert result.exit_code == 2 and "unknown enemy 'wasp'" in result.output

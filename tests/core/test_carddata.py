import pytest

from tabletop.core.carddata import Field, load_toml, validate_table
from tabletop.core.errors import CardDataError

SCHEMA = {
    "id": Field(str),
    "hearts": Field(int, minimum=1, maximum=5),
    "ribbons": Field(list, item_type=str, choices=("green", "pink"), max_items=2),
    "note": Field(str, required=False, default=""),
}


def write(tmp_path, text):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def load(tmp_path, text):
    return validate_table(load_toml(write(tmp_path, text)), "unit", SCHEMA, file="cards.toml")


def test_valid_cards_load_with_defaults(tmp_path):
    units = load(tmp_path, '[[unit]]\nid = "heli"\nhearts = 3\nribbons = ["pink", "green"]\n')
    assert units == [{"id": "heli", "hearts": 3, "ribbons": ["pink", "green"], "note": ""}]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('id = "tank"\nhearts = "three"\nribbons = []', "cards.toml: unit 'tank' field 'hearts': expected a whole number, got 'three'."),
        ('id = "tank"\nribbons = []', "cards.toml: unit 'tank' field 'hearts': missing."),
        ('id = "tank"\nhearts = 9\nribbons = []', "cards.toml: unit 'tank' field 'hearts': 9 is above the maximum 5."),
        ('id = "tank"\nhearts = 2\nribbons = ["blu"]', "cards.toml: unit 'tank' field 'ribbons': 'blu' is not one of green, pink."),
        ('id = "tank"\nhearts = 2\nribbons = ["pink", "green", "pink"]', "cards.toml: unit 'tank' field 'ribbons': at most 2 items, got 3."),
        ('id = "tank"\nhearts = 2\nribbons = []\ncolour = "x"', "cards.toml: unit 'tank' has unknown field 'colour'"),
        ('hearts = 2\nribbons = []', "cards.toml: unit #1 field 'id': missing."),
    ],
)
def test_errors_name_file_card_and_field(tmp_path, body, message):
    with pytest.raises(CardDataError) as error:
        load(tmp_path, f"[[unit]]\n{body}\n")
    assert str(error.value).startswith(message)


def test_duplicate_ids_are_rejected(tmp_path):
    with pytest.raises(CardDataError, match="unit 'a' appears twice"):
        load(tmp_path, '[[unit]]\nid="a"\nhearts=1\nribbons=[]\n[[unit]]\nid="a"\nhearts=1\nribbons=[]\n')


def test_a_wrong_count_and_a_missing_section_are_reported(tmp_path):
    data = load_toml(write(tmp_path, '[[unit]]\nid="a"\nhearts=1\nribbons=[]\n'))
    with pytest.raises(CardDataError, match="expected 6 \\[\\[unit\\]\\] entries, found 1"):
        validate_table(data, "unit", SCHEMA, file="cards.toml", count=6)
    with pytest.raises(CardDataError, match="no \\[\\[action\\]\\] entries"):
        validate_table(data, "action", SCHEMA, file="cards.toml")


def test_broken_toml_and_missing_files_are_card_data_errors(tmp_path):
    with pytest.raises(CardDataError, match="cards.toml: not valid TOML"):
        load_toml(write(tmp_path, "[[unit]\n"))
    with pytest.raises(CardDataError, match="missing"):
        load_toml(tmp_path / "nope.toml")


def test_a_single_settings_table_is_validated_or_named_missing(tmp_path):
    from tabletop.core.carddata import validate_section

    schema = {"hit_points": Field(int, minimum=1)}
    assert validate_section(load_toml(write(tmp_path, "[rules]\nhit_points = 15\n")), "rules", schema,
                            file="cards.toml") == {"hit_points": 15}
    with pytest.raises(CardDataError, match=r"cards.toml: no \[rules\] table."):
        validate_section(load_toml(write(tmp_path, "[rulez]\nhit_points = 15\n")), "rules", schema, file="cards.toml")
    with pytest.raises(CardDataError, match="field 'hit_points': 0 is below the minimum 1"):
        validate_section(load_toml(write(tmp_path, "[rules]\nhit_points = 0\n")), "rules", schema, file="cards.toml")

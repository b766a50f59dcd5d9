import itertools

import pytest
from pdfcheck import page_texts

from puzzlebook.build import build_book, check_book, generate
from puzzlebook.errors import GenerationError
from puzzlebook.puzzles import (
    SAMPLE,
    Recipe,
    banded_puzzles,
    candidate_seeds,
    make_puzzle,
    make_puzzle_with_difficulty,
)


def scores_of(seed, algorithm="hunt-and-kill", size=(14, 14)):
    seeds = list(itertools.islice(candidate_seeds(seed), SAMPLE))
    return sorted(make_puzzle(algorithm, *size, s, marks="suggested").metrics.difficulty for s in seeds)


@pytest.mark.parametrize("algorithm", ["hunt-and-kill", "kruskal"])
def test_bands_pick_the_right_third_and_keep_their_seed(algorithm):
    scores = scores_of(5, algorithm)
    made = {
        band: make_puzzle_with_difficulty(Recipe(algorithm, 14, 14, None, "suggested"), 5, band)
        for band in ("easy", "medium", "hard")
    }
    assert made["easy"].metrics.difficulty <= scores[SAMPLE // 3 - 1]
    assert scores[SAMPLE // 3] <= made["medium"].metrics.difficulty <= scores[2 * SAMPLE // 3 - 1]
    assert scores[2 * SAMPLE // 3] <= made["hard"].metrics.difficulty
    assert made["easy"].metrics.difficulty < made["hard"].metrics.difficulty
    for puzzle in made.values():  # the seed it reports makes the same maze again
        again = make_puzzle(algorithm, 14, 14, puzzle.seed, marks="suggested")
        assert again.maze == puzzle.maze


@pytest.mark.parametrize("band", ["easy", "hard"])
def test_a_maze_beyond_every_sampled_score_belongs_to_the_outer_bands(band):
    """Past the 30 seeds that set the bands, a maze easier than all of them is easy, one harder hard."""
    recipe = Recipe("kruskal", 10, 10, None, "suggested")
    seeds = candidate_seeds(4)
    sampled = [recipe.make(s).metrics.difficulty for s in itertools.islice(seeds, SAMPLE)]
    edge = sorted(sampled)[SAMPLE // 3 - 1] if band == "easy" else sorted(sampled)[2 * SAMPLE // 3]
    outside = min(sampled) if band == "easy" else max(sampled)
    inside = sum(score <= edge if band == "easy" else score >= edge for score in sampled)
    for seed in seeds:  # the first maze past the sample beyond all of it, and those in the band before it
        score = recipe.make(seed).metrics.difficulty
        inside += score <= edge if band == "easy" else score >= edge
        if (score < outside) if band == "easy" else (score > outside):
            break
    made = banded_puzzles(recipe, 4, band, inside)
    assert made[-1].seed == seed


def test_numeric_range_is_met_or_explained():
    scores = scores_of(9)
    low, high = scores[10], scores[12]
    recipe = Recipe("hunt-and-kill", 14, 14, None, "suggested")
    puzzle = make_puzzle_with_difficulty(recipe, 9, (low, high))
    assert low <= puzzle.metrics.difficulty <= high
    with pytest.raises(GenerationError, match="scored between 5000 and 6000 in 300 tries"):
        make_puzzle_with_difficulty(recipe, 9, (5000, 6000))


def test_order_by_difficulty_renumbers_easiest_first(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Ordered\norder: difficulty\nmarks: suggested\nprint_on_demand: false\nmazes:\n"
        "  - {size: 20x20, difficulty: hard, title: Big}\n  - {size: 6x6, title: Small}\n"
        "  - {size: 12x12, difficulty: easy, title: Middle}\n"
    )
    checked, puzzles = generate(check_book(spec))
    scores = [puzzles[m.number].metrics.difficulty for m in checked.mazes]
    assert scores == sorted(scores)
    assert [m.title for m in checked.mazes] == ["Small", "Middle", "Big"]
    target, _ = build_book(spec)
    texts = page_texts(target)
    assert "Maze 1 · Small" in texts[1] and "Maze 3 · Big" in texts[3]
    answers = " ".join(texts[4:])
    assert f"seed {puzzles[3].seed}" in answers  # the seed actually used, printed in the answer key


def test_ordered_by_difficulty_the_labels_never_step_back(tmp_path):
    """An entry's "Easy" band of big mazes scores among the book's medium ones: sorted by score alone,
    a sorted book read Easy, Medium, Easy, Medium."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Ordered\norder: difficulty\nshow_difficulty: true\nmarks: suggested\nmazes:\n"
        "  - {size: 24x24, difficulty: easy, count: 2, title: Big}\n  - {size: 6x6, count: 6, title: Small}\n"
    )
    checked, puzzles = generate(check_book(spec))
    rank = {"Easy": 0, "Medium": 1, "Hard": 2}
    labels = [puzzles[m.number].rating for m in checked.mazes]
    assert [rank[label] for label in labels] == sorted(rank[label] for label in labels), labels
    assert {"Easy", "Medium"} <= set(labels)
    big = [puzzles[m.number] for m in checked.mazes if m.title == "Big"]
    assert all(p.rating == "Easy" for p in big)
    small = [puzzles[m.number].metrics.difficulty for m in checked.mazes if m.title == "Small"]
    assert max(small) < min(p.metrics.difficulty for p in big)  # the band is easy for its entry only
    texts = page_texts(build_book(spec)[0])
    shown = [line.split(" · ")[0] for page in texts[1:9] for line in page.splitlines()[-1:]]
    assert shown == labels


def test_show_seed_and_show_difficulty_label_each_maze(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Rated\nshow_seed: true\nshow_difficulty: true\nmarks: suggested\nmazes:\n"
        "  - {size: 12x12, difficulty: hard, seed: 5}\n  - {size: 12x12, count: 9, seed: 6}\n"
    )
    _, puzzles = generate(check_book(spec))
    target, _ = build_book(spec)
    texts = page_texts(target)
    assert texts[1].splitlines()[-1] == f"Hard · hunt-and-kill · 12×12 · seed {puzzles[1].seed}"
    ratings = [puzzles[n].rating for n in range(2, 11)]
    assert set(ratings) <= {"Easy", "Medium", "Hard"} and len(set(ratings)) > 1
    # the thirds come from the same 30 mazes the bands use: a maze made "hard" rates Hard
    for number in range(2, 11):
        assert f"{puzzles[number].rating} · hunt-and-kill" in texts[number]


def test_bad_difficulty_values_are_explained(tmp_path):
    from puzzlebook.errors import SpecError
    from puzzlebook.spec.load import load_spec

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: x\nmazes:\n  - {size: 5x5, difficulty: brutal}\n  - {size: 5x5, difficulty: [9, 3]}\n"
    )
    with pytest.raises(SpecError) as err:
        load_spec(spec)
    text = str(err.value)
    assert (
        "book.yaml:3: mazes[0].difficulty: expected 'easy', 'medium', 'hard', 'age-4', 'age-6', 'age-8', "
        "'age-10', 'age-12' or 'adult', got \"brutal\""
    ) in text
    assert "book.yaml:4: mazes[1].difficulty: expected [low, high] with 0 <= low < high, got [9, 3]" in text


def test_difficulty_labels_follow_the_book_small_mazes_easy_big_ones_hard(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Growing\nshow_difficulty: true\nmarks: suggested\nmazes:\n"
        "  - {size: 6x7, count: 3}\n  - {size: 14x18, count: 3}\n  - {size: 24x30, count: 3}\n"
    )
    _, puzzles = generate(check_book(spec))
    assert [puzzles[n].rating for n in range(1, 10)] == ["Easy"] * 3 + ["Medium"] * 3 + ["Hard"] * 3


def test_the_copies_of_a_banded_entry_share_one_search(tmp_path, monkeypatch):
    from puzzlebook import puzzles as module
    from puzzlebook import workers

    monkeypatch.setattr(
        workers, "cores", lambda: 1
    )  # count the tries here (test_workers: the pool's are the same)
    made = []
    real = module.Recipe.make
    monkeypatch.setattr(module.Recipe, "make", lambda self, seed: made.append(seed) or real(self, seed))
    spec = tmp_path / "book.yaml"
    spec.write_text("title: B\nmarks: suggested\nmazes:\n  - {size: 12x12, count: 8, difficulty: medium}\n")
    checked = check_book(spec)
    _, puzzles = generate(checked)
    assert len(made) == SAMPLE  # 30 mazes for the entry, not 30 for each of its 8 copies
    tried = list(made)
    axis = checked.mazes[0].axis  # the sides the book planned its ends on
    recipe = module.Recipe("hunt-and-kill", 12, 12, None, "suggested", axis=axis)
    scores = sorted(real(recipe, s).metrics.difficulty for s in tried)
    low, high = scores[10], scores[19]
    seeds = [p.seed for p in puzzles.values()]
    assert len(set(seeds)) == 8
    assert all(low <= p.metrics.difficulty <= high for p in puzzles.values())
    assert seeds == [s for s in tried if s in seeds]  # handed out in the order they were tried


def test_a_rating_by_itself_is_set_for_the_child_to_read(tmp_path):
    """ "Easy" alone under a maze was the seed line's 7 pt light gray, hardly there on a kids' page."""
    import pdfplumber

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Rated\nshow_difficulty: true\nmarks: suggested\nmazes:\n  - {size: 12x12, count: 3}\n"
    )
    target, _ = build_book(spec)
    with pdfplumber.open(target) as pdf:
        words = [w for w in pdf.pages[1].extract_words(extra_attrs=["fontname", "size"])]
    [label] = [w for w in words if w["text"] in ("Easy", "Medium", "Hard")]
    assert "Bold" in label["fontname"] and label["size"] >= 9, label
    spec.write_text(
        spec.read_text().replace("show_difficulty: true", "show_difficulty: true\nshow_seed: true")
    )
    target, _ = build_book(spec)
    with pdfplumber.open(target) as pdf:
        words = [w for w in pdf.pages[1].extract_words(extra_attrs=["fontname", "size"])]
    [label] = [w for w in words if w["text"] in ("Easy", "Medium", "Hard")]
    assert "Bold" not in label["fontname"] and label["size"] < 8  # with the seed: the grown-up's line

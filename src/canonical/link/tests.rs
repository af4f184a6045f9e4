//! Each principle of the linker on a small made-up exercise: the weights file, the levels,
//! the assignment, the order, and the whole linking with the embedded weights.

use std::collections::HashMap;

use super::assign::{Candidacy, Pairs, candidates};
use super::compare::{Surroundings, levels};
use super::names;
use super::order::{gaps, place_levels, places};
use super::possible::one_case_each;
use super::*;
use crate::canonical::data::canonical_cases;
use crate::source::literals::Literal;

/// Cases from canonical data's `cases` array, written as JSON.
fn cases(json: &str) -> Vec<Case> {
    canonical_cases(format!(r#"{{"cases":{json}}}"#).as_bytes()).unwrap()
}

/// A case of `property` mapping `n` to the text `expected`.
fn case_json(uuid: u32, description: &str, n: i64, expected: &str) -> String {
    format!(
        r#"{{"uuid":"{uuid:08}-0000-4000-8000-000000000000","description":"{description}","property":"say","input":{{"n":{n}}},"expected":"{expected}"}}"#
    )
}

fn test(line: usize, name: &str, literals: Vec<Literal>) -> ExerciseTest {
    ExerciseTest {
        file: "t".to_string(),
        line,
        name: name.to_string(),
        places: (0..literals.len()).collect(),
        literals,
        group: None,
        method: None,
        body: String::new(),
    }
}

/// A test calling `say` with `n` and expecting `expected`.
fn says(line: usize, name: &str, n: i64, expected: &str) -> ExerciseTest {
    let literals = vec![
        Literal::Call("say".to_string()),
        Literal::Number(n.to_string()),
        Literal::Text(expected.to_string()),
    ];
    test(line, name, literals)
}

/// Five cases of numbers and their names in a made-up language, each value held by no
/// other case.
fn five() -> Vec<Case> {
    let names = ["one", "two", "three", "four", "five"];
    let words = ["unu", "du", "tri", "kvar", "kvin"];
    let json: Vec<String> = (0..5)
        .map(|i| case_json(i as u32 + 1, names[i], i as i64 + 1, words[i]))
        .collect();
    cases(&format!("[{}]", json.join(",")))
}

/// A test of each of `five`'s cases, named after it, in order.
fn five_tests() -> Vec<ExerciseTest> {
    let names = ["one", "two", "three", "four", "five"];
    let words = ["unu", "du", "tri", "kvar", "kvin"];
    (0..5)
        .map(|i| says(4 * i + 1, names[i], i as i64 + 1, words[i]))
        .collect()
}

#[test]
fn the_embedded_weights_parse() {
    let weights = Weights::embedded();
    assert!(
        weights
            .link
            .score(&Levels([0; COMPARISONS.len()]))
            .is_finite()
    );
}

#[test]
fn a_weights_row_that_does_not_parse_names_its_line_and_what_is_wrong() {
    let header = "# a comment\ntable\tcomparison\tlevel\tmatches\tnon_matches\tweight\n";
    let parse = |row: &str| Weights::parse(&format!("{header}{row}\n")).unwrap_err();
    assert_eq!(
        parse("link\tdata\texact\t1\t2"),
        "line 3: expected six tab-separated fields"
    );
    assert_eq!(
        parse("link\tdata\texact\t1\t2\tx"),
        "line 3: the weight is no number"
    );
    assert_eq!(
        parse("sort\tdata\texact\t1\t2\t3"),
        "line 3: no table `sort`"
    );
    assert_eq!(
        parse("link\tcolour\tred\t1\t2\t3"),
        "line 3: no comparison `colour`"
    );
    assert_eq!(
        parse("link\tdata\tred\t1\t2\t3"),
        "line 3: no level `red` of `data`"
    );
    let weights = Weights::parse(&format!(
        "{header}link\tprior\t-\t1\t1\t1.5\nlink\tdata\texact\t1\t1\t2.0\n"
    ))
    .unwrap();
    let mut exact = Levels([0; COMPARISONS.len()]);
    exact.0[compare::DATA] = 0;
    assert_eq!(
        weights.link.score(&exact),
        3.5,
        "prior plus the exact level"
    );
}

/// The level of one comparison of a pair.
fn level_of(comparison: &str, e: &Evidence, context: &Surroundings) -> &'static str {
    let levels = levels(e, context);
    levels.names().find(|(c, _)| *c == comparison).unwrap().1
}

#[test]
fn the_data_level_says_how_much_of_the_case_the_test_holds_and_how() {
    let context = Surroundings {
        case_weight: 5.0,
        has_input: true,
        included: true,
        table: false,
        named_like_a_case: true,
    };
    let level = |e: Evidence, context: &Surroundings| level_of("data", &e, context);
    let whole = Evidence {
        data: 1.0,
        member_order: 1.0,
        fit: 1.0,
        ..Evidence::default()
    };
    assert_eq!(level(whole, &context), "exact");
    assert_eq!(level(Evidence { fit: 0.5, ..whole }, &context), "written");
    assert_eq!(
        level(
            Evidence {
                member_order: 0.8,
                ..whole
            },
            &context
        ),
        "in-order"
    );
    assert_eq!(
        level(
            Evidence {
                member_order: 0.5,
                ..whole
            },
            &context
        ),
        "reordered"
    );
    assert_eq!(
        level(
            Evidence {
                loosely: true,
                ..whole
            },
            &context
        ),
        "loose"
    );
    let common = Surroundings {
        case_weight: 1.0,
        ..context
    };
    assert_eq!(level(whole, &common), "exact-common");
    let part = Evidence {
        data: 0.6,
        input_share: 1.0,
        ..Evidence::default()
    };
    assert_eq!(level(part, &context), "half+input");
    assert_eq!(
        level(
            Evidence {
                input_share: 0.5,
                ..part
            },
            &context
        ),
        "half"
    );
    assert_eq!(
        level(Evidence { data: 0.1, ..part }, &context),
        "some+input"
    );
    assert_eq!(level(Evidence::default(), &context), "none");
}

#[test]
fn a_name_like_no_case_and_a_table_of_cases_are_levels_of_their_own() {
    let context = Surroundings {
        case_weight: 5.0,
        has_input: true,
        included: true,
        table: false,
        named_like_a_case: false,
    };
    let name = |e: Evidence, context: &Surroundings| level_of("name", &e, context);
    let e = Evidence {
        name: 0.1,
        ..Evidence::default()
    };
    assert_eq!(name(e, &context), "like-no-case");
    let named_like = Surroundings {
        named_like_a_case: true,
        ..context
    };
    assert_eq!(name(e, &named_like), "unlike");
    let table = Surroundings {
        table: true,
        ..named_like
    };
    assert_eq!(name(Evidence { data: 1.0, ..e }, &table), "table");
    let named = Evidence {
        named_after: true,
        ..e
    };
    assert_eq!(name(named, &table), "word-for-word");
}

/// The candidates of tests given `rank[case][test]`, what each case explains of each test,
/// which pairs are written and named, and no reimplementations.
fn assigned(
    rank: &[Vec<f64>],
    explained: &HashMap<(usize, usize), Vec<usize>>,
    written: &[(usize, usize)],
    named: &[(usize, usize)],
) -> Vec<(usize, usize, Candidacy)> {
    let tests = rank[0].len();
    candidates(
        &Pairs {
            rank,
            written: &|c, t| written.contains(&(c, t)),
            named: &|c, t| named.contains(&(c, t)),
            explained,
            reimplementations: &[],
            keeps: &|_, _, _| false,
        },
        tests,
    )
}

#[test]
fn each_test_goes_to_the_case_it_explains_most_and_never_takes_another_test_s_case() {
    let rank = vec![vec![5.0, 4.0], vec![1.0, 3.0]];
    let got = assigned(&rank, &HashMap::new(), &[], &[]);
    // Test 1 holds case 0 better than case 1, but explains case 1 most of all cases.
    assert_eq!(got, [(0, 0, Candidacy::Best), (0, 1, Candidacy::Best)]);
    let tied = vec![vec![5.0], vec![5.0]];
    assert_eq!(
        assigned(&tied, &HashMap::new(), &[], &[]),
        [(0, 0, Candidacy::Best), (1, 0, Candidacy::Best)],
        "cases the test explains alike are both its candidates"
    );
}

#[test]
fn a_test_serves_another_case_it_holds_as_written_only_where_that_case_explains_more_of_it() {
    let rank = vec![vec![9.0], vec![5.0], vec![4.0]];
    let explained = HashMap::from([
        ((0, 0), vec![0, 1]),
        ((1, 0), vec![2, 3]),
        ((2, 0), vec![1, 3]),
    ]);
    let written = [(0, 0), (1, 0), (2, 0)];
    // Case 1 explains places 2 and 3 of the test (a table's second row); case 2 only places
    // the better two explain already (a case held inside another's data).
    assert_eq!(
        assigned(&rank, &explained, &written, &[]),
        [(0, 0, Candidacy::Best), (1, 0, Candidacy::Explains)]
    );
    assert_eq!(
        assigned(&rank, &explained, &[(0, 0), (2, 0)], &[]),
        [(0, 0, Candidacy::Best), (2, 0, Candidacy::Explains)],
        "held but not written, case 1 explains nothing the assignment counts"
    );
}

#[test]
fn a_case_a_test_is_named_after_is_its_candidate_and_says_whether_its_data_agrees() {
    let rank = vec![vec![9.0], vec![2.0], vec![1.0]];
    let explained = HashMap::from([((0, 0), vec![0, 1]), ((1, 0), vec![2]), ((2, 0), vec![0])]);
    assert_eq!(
        assigned(&rank, &explained, &[], &[(1, 0)]),
        [(0, 0, Candidacy::Best), (1, 0, Candidacy::Named)]
    );
    assert_eq!(
        assigned(&rank, &explained, &[], &[(2, 0)]),
        [(0, 0, Candidacy::Best), (2, 0, Candidacy::NamedOtherData)],
        "the values of the case named are the best case's: the data says the test is that one's"
    );
}

#[test]
fn of_a_case_and_its_reimplementation_a_test_keeps_the_one_it_holds_more_of() {
    let rank = vec![vec![5.0], vec![5.0]];
    let got = candidates(
        &Pairs {
            rank: &rank,
            written: &|_, _| false,
            named: &|_, _| false,
            explained: &HashMap::new(),
            reimplementations: &[(1, 0)],
            keeps: &|a, b, _| a == 1 && b == 0,
        },
        1,
    );
    assert_eq!(got, [(1, 0, Candidacy::Best)]);
}

#[test]
fn a_case_that_reimplements_another_stands_just_after_it() {
    let mut cases = five();
    cases[4].reimplements = Some(cases[1].uuid.clone());
    assert_eq!(places(&cases), [0, 1, 4, 2, 3]);
    // A loop of reimplementations ends.
    cases[1].reimplements = Some(cases[4].uuid.clone());
    assert_eq!(places(&cases).len(), 5);
}

#[test]
fn a_candidate_s_place_is_read_between_the_anchors_of_its_case_s_neighbours() {
    let order = [0, 1, 2, 3];
    // Cases 0 and 2 are anchored at tests 0 and 5; case 3 has no anchor.
    let anchors = vec![vec![0], vec![], vec![5], vec![]];
    let level = |c: usize, t: usize| place_levels(&order, &anchors, &[(c, t)])[0];
    assert_eq!(level(1, 3), "framed");
    assert_eq!(level(1, 7), "outside");
    assert_eq!(
        level(0, 0),
        "framed",
        "the file's start frames the first case"
    );
    assert_eq!(level(3, 9), "framed", "the file's end frames the last case");
    let first_only = vec![vec![0], vec![], vec![], vec![]];
    assert_eq!(
        place_levels(&order, &first_only, &[(1, 3)])[0],
        "half-framed",
        "the cases after have no anchors: nothing frames that side"
    );
    let inverted = vec![vec![6], vec![], vec![2], vec![]];
    assert_eq!(place_levels(&order, &inverted, &[(1, 4)])[0], "inverted");
    let none = vec![vec![]; 4];
    assert_eq!(place_levels(&order, &none, &[(1, 4)])[0], "none");
}

#[test]
fn unpaired_cases_and_tests_between_the_same_links_are_aligned_in_order() {
    let order = [0, 1, 2, 3];
    // Cases 0 and 3 are linked to tests 0 and 5; cases 1 and 2 and tests 1 to 4 are free.
    let links = vec![vec![0], vec![], vec![], vec![5]];
    let score = |c: usize, t: usize| match (c, t) {
        (1, 2) | (2, 4) => 1.0,
        (1, 4) => 2.5,
        _ => -20.0,
    };
    let pairs = gaps(
        &order,
        &links,
        &|c| links[c].is_empty(),
        &|t| t != 0 && t != 5,
        &score,
        -10.0,
        6,
    );
    assert_eq!(
        pairs,
        [(1, 2), (2, 4)],
        "in order, not case 1 with its best test 4"
    );
    let none = gaps(
        &order,
        &links,
        &|c| links[c].is_empty(),
        &|t| t != 0 && t != 5,
        &score,
        2.0,
        6,
    );
    assert_eq!(none, [(1, 4)], "below the floor, order alone pairs nothing");
}

#[test]
fn tests_named_after_their_cases_and_holding_their_data_link_them() {
    let cases = five();
    let linking = link(&cases, &five_tests(), &[true; 5]);
    assert_eq!(linking.links, [[0], [1], [2], [3], [4]]);
    assert!(linking.possible.iter().all(Option::is_none));
}

#[test]
fn deleting_a_test_leaves_its_case_missing_and_moves_no_other_link() {
    let cases = five();
    let mut tests = five_tests();
    tests.remove(2);
    let linking = link(&cases, &tests, &[true; 5]);
    assert_eq!(linking.links, [vec![0], vec![1], vec![], vec![2], vec![3]]);
    assert_eq!(
        linking.possible[2], None,
        "no other test is a plausible pair"
    );
}

#[test]
fn a_test_through_the_track_s_own_api_in_its_case_s_place_is_a_possible_link() {
    let cases = five();
    let mut tests = five_tests();
    // The track tests "three" through a method of its own, its answer a value of the track's.
    let speaks = vec![
        Literal::Call("speak".into()),
        Literal::Number("3".into()),
        Literal::Text("TRE".into()),
    ];
    tests[2] = test(9, "speaks the third word", speaks);
    let linking = link(&cases, &tests, &[true; 5]);
    assert!(linking.links[2].is_empty(), "{linking:?}");
    assert_eq!(linking.possible[2], Some(Possible::Unconfirmed(2)));
}

#[test]
fn a_case_that_states_a_check_goes_to_a_reader_with_the_test_most_like_it() {
    let mut json: Vec<String> = (1..=3)
        .map(|i| case_json(i, &format!("case {i}"), i as i64, &format!("word{i}")))
        .collect();
    json.push(
        r#"{"uuid":"00000009-0000-4000-8000-000000000000","description":"key is random","property":"key","input":{},"expected":{"random":true}}"#
            .to_string(),
    );
    let cases = cases(&format!("[{}]", json.join(",")));
    let mut tests: Vec<ExerciseTest> = (1..=3)
        .map(|i| says(i, &format!("case {i}"), i as i64, &format!("word{i}")))
        .collect();
    tests.push(test(
        20,
        "generated keys look random",
        vec![Literal::Call("key".into())],
    ));
    let linking = link(&cases, &tests, &[true; 4]);
    assert_eq!(linking.possible[3], Some(Possible::CheckByReading(Some(3))));
    tests.pop();
    let linking = link(&cases, &tests, &[true; 4]);
    assert!(
        matches!(linking.possible[3], Some(Possible::CheckByReading(_))),
        "never missing, even without its test"
    );
}

#[test]
fn a_test_singing_the_whole_song_covers_each_verse() {
    let verse = |n: &str| {
        format!("This is verse {n} of the song,\\nand it has words enough to be a verse here.")
    };
    let json: Vec<String> = ["one", "two"]
        .iter()
        .enumerate()
        .map(|(i, n)| {
            format!(
                r#"{{"uuid":"{:08}-0000-4000-8000-000000000000","description":"verse {n}","property":"recite","input":{{"verse":{}}},"expected":"{}"}}"#,
                i + 1,
                i + 1,
                verse(n)
            )
        })
        .collect();
    let cases = cases(&format!("[{}]", json.join(",")));
    let song = format!("{}\n\n{}", verse("one"), verse("two")).replace("\\n", "\n");
    let tests = [test(
        1,
        "the whole song",
        vec![Literal::Call("sing".into()), Literal::Text(song)],
    )];
    let linking = link(&cases, &tests, &[true; 2]);
    assert_eq!(linking.links, [[0], [0]]);
}

#[test]
fn a_case_held_whole_by_a_test_of_another_case_is_that_test_s_to_read_not_missing() {
    // A robot's turns: each case's values are common to many cases, too common to link a
    // test on them alone.
    let bearings = ["north", "east", "south", "west"];
    let mut json = Vec::new();
    for (i, from) in bearings.iter().enumerate() {
        for (j, (turn, by)) in [("R", 1), ("L", 3)].iter().enumerate() {
            let to = bearings[(i + by) % 4];
            json.push(format!(
                r#"{{"uuid":"{:08}-0000-4000-8000-000000000000","description":"turns {turn} from {from}","property":"turn","input":{{"from":"{from}","turn":"{turn}"}},"expected":"{to}"}}"#,
                2 * i + j + 1
            ));
        }
    }
    let cases = cases(&format!("[{}]", json.join(",")));
    let turn = |from: &str, turn: &str, to: &str| {
        vec![
            Literal::Call("turn".into()),
            Literal::Text(from.into()),
            Literal::Text(turn.into()),
            Literal::Text(to.into()),
        ]
    };
    // One test per case, named after it, but one test turns right from east, then from
    // south and from west, a test of three cases.
    let mut tests: Vec<ExerciseTest> = (0..8)
        .filter(|c| ![2, 4, 6].contains(c))
        .map(|c| {
            let (from, by) = (bearings[c / 2], if c % 2 == 0 { 1 } else { 3 });
            let letter = if c % 2 == 0 { "R" } else { "L" };
            let name = format!("turns {letter} from {from}");
            test(
                4 * c + 1,
                &name,
                turn(from, letter, bearings[(c / 2 + by) % 4]),
            )
        })
        .collect();
    let three = [
        turn("east", "R", "south"),
        turn("south", "R", "west"),
        turn("west", "R", "north"),
    ];
    tests.insert(2, test(6, "rotating", three.concat()));
    let linking = link(&cases, &tests, &[true; 8]);
    for c in [2, 4, 6] {
        assert!(
            linking.links[c] == [2] || linking.possible[c] == Some(Possible::Unconfirmed(2)),
            "case {c}: {:?} {:?}",
            linking.links,
            linking.possible
        );
    }
    // A test linked to its own case is that case's: deleting the test of turning left from
    // north leaves its case missing, though the test of turning right from north holds
    // "north", "L" and "west" too, in another order.
    tests[0]
        .literals
        .extend(["west", "north", "L"].map(|v| Literal::Text(v.into())));
    tests[0].places = (0..tests[0].literals.len()).collect();
    tests.remove(1);
    let linking = link(&cases, &tests, &[true; 8]);
    assert_eq!(linking.links[0], [0], "{:?}", linking.links);
    assert!(linking.links[1].is_empty(), "{:?}", linking.links);
    assert_eq!(linking.possible[1], None, "{:?}", linking.possible);
}

#[test]
fn a_test_holding_only_common_values_of_a_case_is_no_test_of_it() {
    // Sets: the empty one is empty, the others are not; a test of the track's own joins a
    // set with the empty set and asserts something true of it, holding `[]` and `true`.
    let json = [
        r#"{"uuid":"00000001-0000-4000-8000-000000000000","description":"no elements is empty","property":"empty","input":{"set":[]},"expected":true}"#,
        r#"{"uuid":"00000002-0000-4000-8000-000000000000","description":"elements is not empty","property":"empty","input":{"set":[7]},"expected":false}"#,
        r#"{"uuid":"00000003-0000-4000-8000-000000000000","description":"contains its element","property":"contains","input":{"set":[3, 9],"element":9},"expected":true}"#,
    ];
    let cases = cases(&format!("[{}]", json.join(",")));
    let tests = vec![
        test(
            1,
            "elements is not empty",
            vec![
                Literal::Call("empty".into()),
                Literal::Number("7".into()),
                Literal::False,
            ],
        ),
        test(
            5,
            "contains its element",
            vec![
                Literal::Call("contains".into()),
                Literal::Number("3".into()),
                Literal::Number("9".into()),
                Literal::Number("9".into()),
                Literal::True,
            ],
        ),
        test(
            9,
            "union with the empty set",
            vec![
                Literal::Call("union".into()),
                Literal::Number("3".into()),
                Literal::Number("9".into()),
                Literal::Empty(0),
                Literal::True,
            ],
        ),
    ];
    let linking = link(&cases, &tests, &[true; 3]);
    assert!(linking.links[0].is_empty(), "{:?}", linking.links);
    assert_eq!(linking.possible[0], None, "{:?}", linking.possible);
}

#[test]
fn a_doer_an_action_and_a_verb_are_one_word() {
    let words = |text: &str| names::word_sequence(text);
    assert_eq!(words("test_mapper_empty"), words("mapping empty"));
    assert_eq!(words("filterer"), words("filter"));
    assert_eq!(words("reverser"), words("reverse"));
    assert_eq!(words("encoded text"), words("encode texts"));
    assert_eq!(
        words("aged"),
        ["aged"],
        "an ending goes only where three letters are left"
    );
    assert_eq!(
        words("stopped"),
        words("stop"),
        "a doubled last consonant is one"
    );
    assert_ne!(words("rolled"), words("role"), "a doubled l, s or z stays");
    assert_ne!(words("mapper"), words("matter"));
}

#[test]
fn a_possible_test_offered_to_several_cases_goes_to_the_one_most_like_it() {
    // Cases 0, 1 and 2 are offered test 7, case 3 test 8; test 9 is a table of cases.
    let offers = [(0, 7), (1, 7), (2, 7), (3, 8), (4, 9), (5, 9)];
    let key = |c: usize, _t: usize| {
        (
            [1.0, 1.0, 0.0, 0.0, 0.0, 0.0][c],
            [0.2, 0.6, 0.9, 0.0, 0.0, 0.0][c],
        )
    };
    let table = |t: usize| t == 9;
    let kept = one_case_each(&offers, &key, &table);
    assert_eq!(
        kept,
        [(1, 7), (3, 8), (4, 9), (5, 9)],
        "by score, then by name"
    );
    let tied = |_c: usize, _t: usize| (1.0, 0.5);
    let kept = one_case_each(&offers[..2], &tied, &table);
    assert!(
        kept.is_empty(),
        "twins alike in all: the test says nothing of which"
    );
}

#[test]
fn a_test_made_of_a_case_s_values_alone_in_its_order_is_its_possible_test() {
    // Turns from a place, the instruction spelled as the track's own method: the test of
    // "north turning right" holds north and east, in the case's order, and nothing else (not
    // the place, which its API defaults), though it stands last in the file, out of the
    // cases' order, and is named for none of them.
    let turn = |n: u32, from: &str, to: &str| {
        format!(
            r#"{{"uuid":"{n:08}-0000-4000-8000-000000000000","description":"from {from}","property":"move","input":{{"x":{x},"y":{y},"facing":"{from}","instructions":"R"}},"expected":"{to}"}}"#,
            x = 10 * n + 1,
            y = 10 * n + 2,
        )
    };
    let json = [
        turn(1, "north", "east"),
        turn(2, "east", "south"),
        turn(3, "south", "west"),
    ];
    let cases = cases(&format!("[{}]", json.join(",")));
    let holds = |line: usize, name: &str, n: Option<u32>, facing: [&str; 2]| {
        let mut literals = vec![Literal::Call("move".into())];
        if let Some(n) = n {
            literals.push(Literal::Number((10 * n + 1).to_string()));
            literals.push(Literal::Number((10 * n + 2).to_string()));
        }
        literals.push(Literal::Text(facing[0].into()));
        if n.is_some() {
            literals.push(Literal::Text("R".into()));
        }
        literals.push(Literal::Text(facing[1].into()));
        test(line, name, literals)
    };
    let tests = vec![
        holds(1, "from east", Some(2), ["east", "south"]),
        holds(5, "from south", Some(3), ["south", "west"]),
        holds(9, "a quarter turn of its own", None, ["north", "east"]),
    ];
    let linking = link(&cases, &tests, &[true; 3]);
    assert_eq!(
        linking.links,
        [vec![], vec![0], vec![1]],
        "{:?}",
        linking.possible
    );
    assert_eq!(linking.possible[0], Some(Possible::Unconfirmed(2)));
    // The same values the other way round are no turn from north: the case is missing.
    let mut reversed = tests;
    reversed[2] = holds(9, "a quarter turn of its own", None, ["east", "north"]);
    assert_eq!(link(&cases, &reversed, &[true; 3]).possible[0], None);
}

#[test]
fn a_test_calling_its_case_s_own_function_among_others_says_so() {
    let cases = cases(
        r#"[{"uuid":"00000001-0000-4000-8000-000000000000","description":"add one","property":"add","input":{"n":1},"expected":2},
            {"uuid":"00000002-0000-4000-8000-000000000000","description":"remove one","property":"remove","input":{"n":1},"expected":0}]"#,
    );
    let calling = |line: usize, function: &str| {
        let literals = vec![
            Literal::Call(function.to_string()),
            Literal::Number("7".to_string()),
        ];
        test(line, "case 17", literals)
    };
    let tests = [calling(1, "add"), calling(5, "remove")];
    let e = evidence(&cases, &tests).matrix;
    assert!(e[0][0].calls_own && e[1][1].calls_own);
    assert!(!e[0][1].calls_own && e[0][1].calls_other);
    let context = Surroundings {
        case_weight: 1.0,
        has_input: true,
        included: true,
        table: false,
        named_like_a_case: false,
    };
    let function = |e: &Evidence| level_of("function", e, &context);
    assert_eq!(function(&e[0][0]), "own");
    assert_eq!(function(&e[0][1]), "other");
    // Where every case is of one property, calling it tells no case from another.
    let one = evidence(&cases[..1], &tests[..1]).matrix;
    assert!(!one[0][0].calls_own);
    assert_eq!(function(&one[0][0]), "-");
}

use super::*;

#[test]
fn the_embedded_weights_parse() {
    let _ = Weights::embedded();
}

use super::*;

fn edits(json: &str) -> Vec<Edit> {
    serde_json::from_str::<Edits>(json).unwrap().into_vec()
}

fn refused(json: &str, w: u32, h: u32) -> String {
    match plan(&edits(json), w, h, Format::Png) {
        Err(Error::Validation { fields, .. }) => format!("{fields:?}"),
        other => panic!("{json} was not refused: {other:?}"),
    }
}

#[test]
fn one_edit_or_a_list_is_read() {
    assert_eq!(edits(r#"{"rotate": 90}"#).len(), 1);
    assert_eq!(edits(r#"[{"crop": {"x": 0, "y": 0, "width": 5, "height": 5}}, {"convert": {"format": "webp"}}]"#).len(), 2);
    assert!(serde_json::from_str::<Edits>(r#"{"blur": 3}"#).is_err());
}

#[test]
fn each_step_is_checked_against_the_picture_as_the_steps_before_left_it() {
    // 400 × 200 turned a quarter is 200 × 400: a crop 300 high fits, 300 wide does not.
    assert!(plan(&edits(r#"[{"rotate": 90}, {"crop": {"x": 0, "y": 0, "width": 200, "height": 300}}]"#), 400, 200, Format::Png).is_ok());
    assert!(refused(r#"[{"rotate": 270}, {"crop": {"x": 0, "y": 0, "width": 300, "height": 100}}]"#, 400, 200).contains("Edit 2"));
    assert!(refused(r#"{"crop": {"x": 390, "y": 0, "width": 20, "height": 10}}"#, 400, 200).contains("goes outside the 400 × 200"));
    assert!(refused(r#"{"crop": {"x": 0, "y": 0, "width": 0, "height": 10}}"#, 400, 200).contains("crop"));
    assert!(refused(r#"{"rotate": 45}"#, 400, 200).contains("rotate"));
    assert!(refused(r#"{"resize": {"width": 8001, "height": 10}}"#, 400, 200).contains("resize"));
    assert!(refused(r#"{"resize": {"width": 8000, "height": 8000}}"#, 400, 200).contains("megapixels"));
    assert!(refused(r#"{"compress": {"quality": 0}}"#, 400, 200).contains("compress"));
    assert!(refused("[]", 400, 200).contains("edits"));
}

#[test]
fn the_output_format_follows_compress_and_convert_in_order() {
    let (f, q) = plan(&edits(r#"{"compress": {"quality": 40}}"#), 10, 10, Format::Png).unwrap();
    assert_eq!((f, q), (Format::Jpeg, 40));
    let (f, _) = plan(&edits(r#"[{"compress": {"quality": 40}}, {"convert": {"format": "png"}}]"#), 10, 10, Format::WebP).unwrap();
    assert_eq!(f, Format::Png);
    assert_eq!(plan(&edits(r#"{"rotate": 180}"#), 10, 10, Format::WebP).unwrap().0, Format::WebP, "the format is kept");
}

#[test]
fn the_edited_name_carries_the_new_extension_once() {
    assert_eq!(edited_name("Photo.PNG", Format::Jpeg), "Photo-edited.jpg");
    assert_eq!(edited_name("Photo-edited.jpg", Format::WebP), "Photo-edited.webp");
}

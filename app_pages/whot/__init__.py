"""Whot's pages: Rules, Watch, Scoring, Compare, Side by side and Play (with its table
component), and their cached games (`games`, `comparing`)."""

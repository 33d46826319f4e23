"""The slips mutation testing planted in engine/matches.py that the other tests let through
(docs/testing.md, "Mutation testing"): each test fails on one of them."""

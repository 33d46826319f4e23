"""The slips mutation testing planted in engine/views.py that the other tests let through
(docs/testing.md, "Mutation testing"): each test fails on one of them."""

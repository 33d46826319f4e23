"""Whist's pages: Whist (a deal watched, `whist`) and Play Whist (`whist_play`, with its table
component), and the Whist page's cached games (`games`)."""

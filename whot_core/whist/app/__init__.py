"""Whist's part of the app without Streamlit: the Play Whist page's table and turn loop
(`table`)."""

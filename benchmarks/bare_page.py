"""Streamlit's floor, for `benchmarks/app_load.py`: a title and a line, and, with `?button=on`,
a button whose click reruns the script and nothing else."""

import streamlit as st

st.title("A bare page")
st.write("A line of text, and nothing more.")
if st.query_params.get("button"):
    st.button("Rerun")

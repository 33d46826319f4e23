"""The pages of the Whot rules explorer (`app.py` runs them through `st.navigation`)."""

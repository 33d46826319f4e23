# The Whot explorer's app in a container (docs/deploy.md). Build and run:
#   docker build -t whot .
#   docker run -p 8501:8501 -v whot-data:/data whot
# Several containers on several machines share one Redis server: -e WHOT_STORE=redis://host:6379/0
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    WHOT_STORE=sqlite:////data/classroom.sqlite3

# A user without privileges; /data holds the classroom's SQLite file (a volume).
RUN useradd --create-home --uid 1000 whot && mkdir /data && chown whot /data
WORKDIR /app

# The package reads its presets, lessons and rule book from the repository's data/ and docs/
# beside it, so it is installed in place (editable), as `make app` does, with the app's extra.
COPY --chown=whot . .
RUN pip install -e '.[app]'

USER whot
VOLUME /data
EXPOSE 8501

# Streamlit answers "ok" on /_stcore/health once it serves; python, since the slim image has
# no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request, sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).status != 200)"]

# .streamlit/config.toml serves localhost only: a container listens on every address.
CMD ["python", "-m", "streamlit", "run", "app.py", "--server.address", "0.0.0.0", \
     "--server.port", "8501", "--server.headless", "true"]

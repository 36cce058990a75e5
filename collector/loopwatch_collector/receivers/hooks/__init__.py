"""``POST /v1/hooks/{agent}``: coding-agent CLIs' hook calls into the pipeline.

The translation of each CLI's JSON is the SDK's (``loopwatch.hooks``); ``service`` turns the
pipeline's verdict into a hook decision, ``route`` serves it. No detection here.
"""

"""The web checker's build, one job per module: ``fetch`` (the pinned downloads),
``build`` (the page folder) and ``offline`` (the web app manifest and the service worker
that keep the page working offline). Their public names are those of
`drako_rules.webserve`, which also serves the page.
"""

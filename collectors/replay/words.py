"""Vocabulary of the simulated ecosystem: enough words that names and titles read like the real thing.

Lists used for unique names (owners, name parts) must stay free of hyphens and of the decoration
words (`mcp`, `agent`, `server`, ...) so that decorated names remain unique (see world.repo_name).
"""

from __future__ import annotations

PEOPLE = (
    "alice", "bob", "carol", "dmitri", "elena", "farid", "grace", "hiro", "ines", "jonas", "kavya", "liam",
    "mei", "nadia", "omar", "priya", "quinn", "rafael", "sofia", "tariq", "uma", "viktor", "wen", "ximena",
    "yusuf", "zara", "arjun", "bea", "chen", "dario", "emeka", "fatima", "gustav", "hana", "ivan", "julia",
    "kenji", "lucia", "mateo", "noor", "oskar", "paula", "ravi", "sven", "tomas", "valentina", "wei", "yara",
)
PEOPLE_SUFFIXES = ("", "dev", "codes", "x", "io", "hq", "42", "7", "labs", "hacks", "ml", "builds")
ORGS = (
    "acme", "nimbus", "orbital", "quanta", "lumen", "vectorial", "hexagon", "bluefin", "cobalt", "driftwood",
    "emberly", "fathom", "glasswing", "harbor", "ionic", "juniper", "kestrel", "lattice", "meridian", "northwind",
    "obsidian", "pinecone", "quarry", "redwood", "sable", "tessellate", "umbra", "verdant", "wavelet", "zenith",
    "copperleaf", "foxglove", "graphite", "heliotrope", "isotope", "keystone", "lodestar", "monolith", "nebula",
    "parallax", "quasar", "riverbed", "solstice", "tundra", "upstream", "vortex", "willow", "yonder",
)
ORG_SUFFIXES = ("", "ai", "labs", "hq", "dev", "io", "tech", "systems")

NAME_PREFIXES = (
    "open", "tiny", "fast", "smart", "auto", "deep", "super", "hyper", "micro", "local", "swift", "quick",
    "bright", "clever", "neo", "meta", "omni", "poly", "easy", "simple", "secure", "cloud", "edge", "lite",
    "nano", "pico", "turbo", "zen", "atomic", "bold", "calm", "crisp", "dense", "eager", "fluent", "grand",
    "keen", "lucid", "mighty", "nimble", "prime", "rapid", "sharp", "solid", "steady", "vivid", "wise", "zippy",
    "true", "pure", "core", "hive", "flux", "gold", "iron", "jade", "onyx", "ruby", "sage",
)
NAME_STEMS = (
    "forge", "pilot", "scout", "relay", "bridge", "crew", "mind", "brain", "loop", "flow", "kit", "hub",
    "desk", "lens", "graph", "vault", "tools", "stack", "works", "bench", "dock", "craft", "sense", "spark",
    "weaver", "runner", "router", "planner", "broker", "gateway", "memory", "context", "search", "browser",
    "shell", "notes", "sql", "docs", "mail", "calendar", "tasks", "jira", "slack", "notion", "github",
    "postgres", "sqlite", "redis", "k8s", "terraform", "figma", "stripe", "weather", "maps", "finance",
    "news", "papers", "youtube", "spotify", "obsidian", "linear", "discord", "telegram", "excel", "pdf",
    "vision", "voice", "coder", "reviewer",
)
DECORATIONS_MCP = ("-mcp", "-mcp-server", "mcp-")
DECORATIONS_AGENT = ("-agent", "-agents", "-ai")

THINGS = (
    "Postgres", "SQLite", "Slack", "GitHub issues", "Kubernetes clusters", "Notion pages", "Jira tickets",
    "web browsing", "your filesystem", "spreadsheets", "email", "Google Calendar", "Stripe payments",
    "Figma files", "Terraform plans", "Obsidian vaults", "PDF documents", "YouTube transcripts",
    "arXiv papers", "weather forecasts", "stock prices", "Linear projects", "Discord servers", "Redis",
    "S3 buckets", "Docker containers", "Home Assistant", "Jupyter notebooks", "code review", "log search",
)
STEM_THINGS = {
    "sql": "SQL databases", "docs": "documentation sites", "mail": "email", "calendar": "Google Calendar",
    "tasks": "task lists", "jira": "Jira tickets", "slack": "Slack", "notion": "Notion pages",
    "github": "GitHub issues", "postgres": "Postgres", "sqlite": "SQLite", "redis": "Redis",
    "k8s": "Kubernetes clusters", "terraform": "Terraform plans", "figma": "Figma files", "stripe": "Stripe payments",
    "weather": "weather forecasts", "maps": "maps and places", "finance": "stock prices", "news": "news feeds",
    "papers": "arXiv papers", "youtube": "YouTube transcripts", "spotify": "Spotify playlists",
    "obsidian": "Obsidian vaults", "linear": "Linear projects", "discord": "Discord servers",
    "telegram": "Telegram chats", "excel": "spreadsheets", "pdf": "PDF documents", "browser": "web browsing",
    "search": "web search", "shell": "your shell", "memory": "long-term memory", "notes": "your notes",
    "vision": "images", "voice": "speech", "coder": "code generation", "reviewer": "code review",
}
"""What a name stem is about, so that `acme/weather-mcp` is described as a weather server."""

REPO_DESCRIPTIONS_MCP = (
    "MCP server for {thing}",
    "A Model Context Protocol server that connects LLMs to {thing}",
    "Expose {thing} to Claude and other MCP clients",
    "Fast, typed MCP server for {thing} with OAuth support",
    "Model Context Protocol tools for {thing}",
    "{adj} MCP gateway: one endpoint for {thing} and more",
)
REPO_DESCRIPTIONS_AGENT = (
    "{adj} framework for building AI agents that work with {thing}",
    "Autonomous agent that automates {thing}",
    "Multi-agent orchestration for {thing}",
    "LLM agent toolkit with memory, planning and {thing} integration",
    "An agentic workflow engine for {thing}",
    "Open-source AI agent for {thing}, runs locally",
)
ADJECTIVES = ("Lightweight", "Minimal", "Production-ready", "Blazing fast", "Self-hosted", "Composable",
              "Type-safe", "Batteries-included", "Tiny", "Extensible")
EXTRA_TOPICS = ("llm", "openai", "claude", "python", "typescript", "rag", "langchain", "automation",
                "model-context-protocol", "ai", "chatgpt", "ollama", "gemini", "anthropic", "tools")

LANGUAGES = (
    ("Python", 40.0), ("TypeScript", 30.0), ("JavaScript", 8.0), ("Go", 6.0), ("Rust", 5.0), (None, 4.0),
    ("Jupyter Notebook", 2.0), ("Java", 2.0), ("C#", 1.5), ("Kotlin", 0.5), ("Swift", 0.5), ("Ruby", 0.5),
)
LICENSES = (
    ("mit", 45.0), ("apache-2.0", 25.0), (None, 14.0), ("gpl-3.0", 4.0), ("other", 4.0), ("bsd-3-clause", 3.0),
    ("agpl-3.0", 2.5), ("mpl-2.0", 1.5), ("unlicense", 1.0),
)
LICENSE_OBJECTS = {
    "mit": ("MIT License", "MIT", "MDc6TGljZW5zZTEz"),
    "apache-2.0": ("Apache License 2.0", "Apache-2.0", "MDc6TGljZW5zZTI="),
    "gpl-3.0": ("GNU General Public License v3.0", "GPL-3.0", "MDc6TGljZW5zZTk="),
    "bsd-3-clause": ('BSD 3-Clause "New" or "Revised" License', "BSD-3-Clause", "MDc6TGljZW5zZTU="),
    "agpl-3.0": ("GNU Affero General Public License v3.0", "AGPL-3.0", "MDc6TGljZW5zZTA="),
    "mpl-2.0": ("Mozilla Public License 2.0", "MPL-2.0", "MDc6TGljZW5zZTE0"),
    "unlicense": ("The Unlicense", "Unlicense", "MDc6TGljZW5zZTE1"),
    "other": ("Other", "NOASSERTION", "MDc6TGljZW5zZTA0"),
}

# Forum
AUTHORS_A = ("jdoe", "pg", "tptacek", "dang", "throwaway", "kentonv", "simonw", "minimaxir", "swyx", "karpathy",
             "patio", "jacquesm", "rayiner", "pjmlp", "userbinator", "ChrisArchitect", "tosh", "bookofjoe",
             "gmays", "Brajeshwar", "ingve", "mfiguiere", "todsacerdoti", "rbanffy", "lxm", "sama", "skadamat")
AUTHORS_B = ("", "_", "2", "42", "x", "hn", "dev", "99")
PRODUCTS = ("Orbit", "Relay", "Mosaic", "Tessera", "Beacon", "Quill", "Lantern", "Pylon", "Kiln", "Harbor",
            "Ferry", "Atlas", "Sextant", "Loom", "Prism", "Ember", "Cairn", "Drift", "Gist", "Ripple")
VENDORS = ("OpenAI", "Anthropic", "Google", "Meta", "Mistral", "DeepSeek", "Microsoft", "Apple", "Nvidia",
           "Cohere", "xAI", "Alibaba", "Amazon", "Hugging Face", "GitHub")
FORUM_TEMPLATES_SHOW = (
    "Show HN: {product} – an open-source MCP server for {thing}",
    "Show HN: {product}, a local-first RAG toolkit",
    "Show HN: I built an AI agent that handles {thing}",
    "Show HN: {product} – self-hosted LLM gateway with cost tracking",
    "Show HN: {product} – run Llama models on your phone",
    "Show HN: {product}, agentic coding in your terminal",
    "Show HN: An embedding index for {thing} in 200 lines",
    "Show HN: {product} – Copilot for {thing}",
    "Show HN: {product} – Claude and GPT side by side for {thing}",
)
FORUM_TEMPLATES_ASK = (
    "Ask HN: How are you using LLM agents in production?",
    "Ask HN: Is anyone running MCP servers at work?",
    "Ask HN: What is your RAG stack in {year}?",
    "Ask HN: Best embedding model for {thing}?",
    "Ask HN: Has AI changed how you do code review?",
    "Ask HN: Are agentic workflows worth the cost?",
)
FORUM_TEMPLATES_STORY = (
    "{vendor} cuts GPT prices again",
    "{vendor} releases a new Gemini model for {thing}",
    "Anthropic's Claude can now use {thing}",
    "Why RAG is not enough for {thing}",
    "The MCP security problem nobody talks about",
    "{vendor} open-sources a Llama fine-tune for {thing}",
    "Mistral's new model beats GPT on {thing}",
    "AI agents are eating SaaS",
    "What I learned building an LLM agent for {thing}",
    "OpenAI announces agents for {thing}",
    "Embedding drift in production RAG systems",
    "The economics of AI inference in {year}",
    "GitHub Copilot agents now review {thing}",
    "A deep dive into how Claude handles {thing}",
    "LLM benchmarks are broken",
)
FORUM_TEMPLATES_LAUNCH = (
    "Launch HN: {product} (YC {batch}) – AI agents for {thing}",
    "Launch HN: {product} (YC {batch}) – LLM observability for {thing}",
)
FORUM_FILLER = (
    "The history of the floppy disk",
    "Show HN: A tiny static site generator in Rust",
    "Ask HN: What are you reading this month?",
    "Why I still use Emacs in {year}",
    "The surprising physics of {thing}",
    "Show HN: A board game I made with my kids",
    "Postgres is enough",
    "A visual guide to TCP congestion control",
    "Ask HN: Freelancer? Seeking freelancer? ({month})",
    "Maintaining a 20-year-old C codebase",
    "The bike shed of {thing}",
)

"""Adapters to agent frameworks, each an optional extra: `sonic_rules.adapters.pettingzoo`
(``pip install 'sonic-rules[pettingzoo]'``) and `sonic_rules.adapters.openspiel`
(``pip install 'sonic-rules[openspiel]'``). Each works through `Game` alone."""

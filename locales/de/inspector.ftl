# German

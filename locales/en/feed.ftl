# English

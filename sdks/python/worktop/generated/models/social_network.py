from enum import StrEnum


class SocialNetwork(StrEnum):
    FACEBOOK = "facebook"
    INSTAGRAM = "instagram"
    LINKEDIN = "linkedin"
    MASTODON = "mastodon"
    X = "x"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class OAuthClientInType(StrEnum):
    CONFIDENTIAL = "confidential"
    PUBLIC = "public"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class GetOauthConsentResponseType(StrEnum):
    CODE = "code"

    def __str__(self) -> str:
        return str(self.value)

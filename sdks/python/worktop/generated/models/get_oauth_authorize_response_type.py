from enum import StrEnum


class GetOauthAuthorizeResponseType(StrEnum):
    CODE = "code"

    def __str__(self) -> str:
        return str(self.value)

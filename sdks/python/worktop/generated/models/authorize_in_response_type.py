from enum import StrEnum


class AuthorizeInResponseType(StrEnum):
    CODE = "code"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class BatchChangeCustomFieldPatchType(StrEnum):
    BOOLEAN = "boolean"
    DATE = "date"
    DATETIME = "datetime"
    EMAIL = "email"
    LONG_TEXT = "long_text"
    MONEY = "money"
    MULTI_SELECT = "multi_select"
    NUMBER = "number"
    PHONE = "phone"
    REFERENCE = "reference"
    SELECT = "select"
    TEXT = "text"
    URL = "url"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class ListTerminationsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    TERMINATION_DATE = "termination_date"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-termination_date"

    def __str__(self) -> str:
        return str(self.value)

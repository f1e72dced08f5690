from enum import StrEnum


class ListResignationsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    RESIGNATION_DATE = "resignation_date"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-resignation_date"

    def __str__(self) -> str:
        return str(self.value)
